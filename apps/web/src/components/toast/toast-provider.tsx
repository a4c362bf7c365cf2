import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Toast, ToastMessage } from 'primereact/toast';
import { ToastContext, type TToastApi } from './toast-context';

const ToastHost = lazy(() => import('./toast-host'));

/**
 * Hands the single global Toast's methods down through context. The Toast's code stays out of
 * the first load: it is fetched when `load` turns true (once the page has settled), or at once
 * for an earlier message, which waits in a queue until the Toast is there.
 */
export function ToastProvider({ load, children }: { load: boolean; children: ReactNode }) {
  const toastRef = useRef<Toast | null>(null);
  const pending = useRef<ToastMessage[]>([]);
  const [asked, setAsked] = useState(false);

  const onReady = useCallback((toast: Toast | null) => {
    toastRef.current = toast;
    if (toast && pending.current.length > 0) toast.show(pending.current.splice(0));
  }, []);

  const api = useMemo<TToastApi>(
    () => ({
      show: (message) => {
        if (toastRef.current) return toastRef.current.show(message);
        pending.current.push(...(Array.isArray(message) ? message : [message]));
        setAsked(true);
      },
      remove: (message) => {
        if (toastRef.current) return toastRef.current.remove(message);
        pending.current = pending.current.filter((queued) => queued !== message);
      },
      clear: () => {
        if (toastRef.current) return toastRef.current.clear();
        pending.current = [];
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {load || asked ? (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      ) : null}
      {children}
    </ToastContext.Provider>
  );
}
