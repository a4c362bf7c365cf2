import { useEffect, useRef } from 'react';

/**
 * The panel of a dropdown, multiselect, autocomplete, date picker, menu or overlay panel while it
 * is open (or opening): PrimeReact renders each outside the dialog and animates it with these
 * classes.
 */
const OPEN_OVERLAY = ['p-connected-overlay', 'p-overlaypanel']
  .flatMap((name) => [`.${name}-enter`, `.${name}-enter-active`, `.${name}-enter-done`])
  .join(', ');

export function hasOpenOverlay(root: ParentNode = document): boolean {
  return root.querySelector(OPEN_OVERLAY) !== null;
}

/** True when no other dialog (a confirm asked from this one, say) is open above `mask`. */
export function isTopmostDialog(mask: Element, root: ParentNode = document): boolean {
  const masks = root.querySelectorAll('.p-dialog-mask');
  return masks[masks.length - 1] === mask;
}

/**
 * Escape for a dialog that holds overlays: with a panel open, Escape is left to the panel, which
 * closes itself; with none, it asks the dialog to close. The listener runs in the capture phase,
 * before the panel has closed, so it can still see that one was open.
 */
export function useOverlayAwareEscape(
  getMask: () => Element | null,
  onEscape: () => void,
  enabled: boolean,
) {
  const latest = useRef({ getMask, onEscape });
  useEffect(() => {
    latest.current = { getMask, onEscape };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const mask = latest.current.getMask();
      if (!mask || !isTopmostDialog(mask) || hasOpenOverlay()) return;
      event.preventDefault();
      latest.current.onEscape();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
