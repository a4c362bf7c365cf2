import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SEARCH_MAX_LENGTH } from '../lib/list/list-params';
import { useDebouncedText } from './use-debounced-text';

type TSearchInputProps = {
  /** The search in effect (from the URL or the parent's state). */
  value: string;
  /** Called with the trimmed text once typing pauses, so each key is not a request. */
  onSearch: (text: string) => void;
  /** Accessible name and placeholder, e.g. "Search values". */
  label: string;
  className?: string;
};

/** A search box that reports what was typed once typing pauses, and shows outside changes. */
export function SearchInput({ value, onSearch, label, className }: TSearchInputProps) {
  const box = useDebouncedText(value, onSearch);
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
        maxLength={SEARCH_MAX_LENGTH}
        value={box.text}
        onChange={(event) => box.change(event.target.value)}
      />
    </IconField>
  );
}
