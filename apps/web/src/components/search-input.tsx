import { useEffect, useRef, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

export const SEARCH_DEBOUNCE_MS = 300;

type TSearchInputProps = {
  /** The search in effect (from the URL or the parent's state). */
  value: string;
  /** Called with the trimmed text once typing pauses, so each key is not a request. */
  onSearch: (text: string) => void;
  /** Accessible name and placeholder, e.g. "Search values". */
  label: string;
  maxLength?: number;
  className?: string;
};

/** A search box that reports what was typed once typing pauses, and shows outside changes. */
export function SearchInput({
  value,
  onSearch,
  label,
  maxLength = 200,
  className,
}: TSearchInputProps) {
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward can change the search from outside: show it. A change that merely echoes what
  // is typed (trimmed) leaves the box alone, so a trailing space is not eaten mid-typing.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== value) onSearch(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <IconField
      iconPosition="left"
      className={['search-input', className].filter(Boolean).join(' ')}
    >
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        aria-label={label}
        placeholder={label}
        maxLength={maxLength}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    </IconField>
  );
}
