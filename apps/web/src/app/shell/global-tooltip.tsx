import { useEffect, useState } from 'react';
import { Tooltip } from 'primereact/tooltip';

const holdsTarget = (node: Node) =>
  node instanceof Element &&
  (node.matches('[data-pr-tooltip]') || node.querySelector('[data-pr-tooltip]') !== null);

/**
 * One Tooltip for every `data-pr-tooltip` element. PrimeReact binds a selector target only when
 * the Tooltip mounts, so it is remounted (debounced) whenever such elements are added to the DOM,
 * and when they leave it: a target removed under the pointer (a button that navigates away)
 * never gets its mouseleave, and its tooltip would stay on screen.
 */
export function GlobalTooltip() {
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((records) => {
      const changed = records.some(
        (record) =>
          Array.from(record.addedNodes).some(holdsTarget) ||
          Array.from(record.removedNodes).some(holdsTarget),
      );
      if (!changed) return;
      clearTimeout(timer);
      timer = setTimeout(() => setGeneration((value) => value + 1), 50);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  return <Tooltip key={generation} target="[data-pr-tooltip]" position="bottom" />;
}
