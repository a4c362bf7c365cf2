import { useEffect, useState } from 'react';
import { Tooltip } from 'primereact/tooltip';

/**
 * One Tooltip for every `data-pr-tooltip` element. PrimeReact binds a selector target only when
 * the Tooltip mounts, so it is remounted (debounced) whenever such elements are added to the DOM.
 */
export function GlobalTooltip() {
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((records) => {
      const added = records.some((record) =>
        Array.from(record.addedNodes).some(
          (node) =>
            node instanceof Element &&
            (node.matches('[data-pr-tooltip]') || node.querySelector('[data-pr-tooltip]')),
        ),
      );
      if (!added) return;
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
