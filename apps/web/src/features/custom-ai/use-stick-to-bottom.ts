import { useCallback, useLayoutEffect, useRef } from 'react';

/** Within this many pixels of the end, the reader is "at the bottom" and follows new text. */
const NEAR_BOTTOM_PX = 80;

/**
 * Keeps a scrolling thread pinned to its newest line while it grows, unless the reader scrolled
 * up to read something earlier: then it stays where they are.
 */
export function useStickToBottom<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null);
  const stuck = useRef(true);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    stuck.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && stuck.current) element.scrollTop = element.scrollHeight;
  }, [content]);

  /** After the reader sends, the thread follows again whatever they were reading. */
  const stick = useCallback(() => {
    stuck.current = true;
  }, []);

  return { ref, onScroll, stick };
}
