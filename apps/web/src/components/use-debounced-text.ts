import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

/**
 * The text of a box bound to a value kept elsewhere (a URL filter, a search): it reports what
 * was typed once typing pauses (or at once, with `commit`), so each key is not a request, and
 * shows changes made from outside (back/forward).
 */
export function useDebouncedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A change that merely echoes what is typed (trimmed) leaves the box alone, so a trailing
  // space is not eaten mid-typing.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onCommit(next.trim());
  };
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), DEBOUNCE_MS);
  };
  return { text, setText, change, commit };
}
