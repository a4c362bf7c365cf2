import { useMemo, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { ToastContext, type TToastApi } from './toast-context';

/** Renders the single global Toast and hands its methods down through context. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast>(null);
  const api = useMemo<TToastApi>(
    () => ({
      show: (message) => toastRef.current?.show(message),
      remove: (message) => toastRef.current?.remove(message),
      clear: () => toastRef.current?.clear(),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {/* Bottom corner: a toast must never cover the top bar's controls. */}
      <Toast ref={toastRef} position="bottom-right" />
      {children}
    </ToastContext.Provider>
  );
}
