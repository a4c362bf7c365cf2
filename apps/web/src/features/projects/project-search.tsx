import { useEffect, useRef, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SEARCH_MAX_LENGTH } from './list-params';

export const SEARCH_DEBOUNCE_MS = 300;

type TProjectSearchProps = {
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (text: string) => void;
};

/** Search box that reports what was typed once typing pauses, so each key is not a request. */
export function ProjectSearch({ value, onSearch }: TProjectSearchProps) {
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward can change the search in the URL: show it. A change that merely echoes what is
  // typed (trimmed) leaves the box alone, so a trailing space is not eaten mid-typing.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <IconField iconPosition="left" className="project-search">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        aria-label="Search projects"
        placeholder="Search projects"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    </IconField>
  );
}
