import { useMemo } from 'react';
import { confirmAction } from '../../components/dialog/confirm';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/forms';
import type { TCatalog } from './api/canvas.queries';
import type { TCommandDeps } from './state/canvas-commands';

/** One failed-save toast per this many milliseconds; the toolbar keeps showing the state. */
const SAVE_ERROR_TOAST_GAP_MS = 10_000;

/** True at most once per `gapMs`. */
function throttle(gapMs: number): () => boolean {
  let last = -Infinity;
  return () => {
    if (Date.now() - last < gapMs) return false;
    last = Date.now();
    return true;
  };
}

/** How the canvas commands talk to the user: toasts and the confirm dialog. */
export function useCommandDeps(
  projectId: string,
  catalog: TCatalog,
  readOnly: boolean,
): TCommandDeps {
  const toast = useToast();
  return useMemo<TCommandDeps>(() => {
    const mayToastSaveError = throttle(SAVE_ERROR_TOAST_GAP_MS);
    return {
      projectId,
      catalog,
      readOnly,
      notify: (severity, summary, detail) =>
        toast.show({ severity, summary, detail, life: severity === 'error' ? 8000 : 5000 }),
      onLayoutError: (error, willRetry) => {
        if (!mayToastSaveError()) return;
        toast.show({
          severity: 'error',
          summary: 'Moves not saved yet',
          detail: `${errorText(error)} ${
            willRetry
              ? 'Trying again shortly; your changes are kept.'
              : 'Your changes are kept: use Retry, or Reload to see what is stored.'
          }`,
          life: 10_000,
        });
      },
      confirm: (header, message) => confirmAction({ header, message, acceptLabel: 'Delete' }),
    };
  }, [projectId, catalog, readOnly, toast]);
}
