import { createContext, useContext } from 'react';
import type { ToastMessage } from 'primereact/toast';

export type TToastApi = {
  show: (message: ToastMessage | ToastMessage[]) => void;
  remove: (message: ToastMessage) => void;
  clear: () => void;
};

export const ToastContext = createContext<TToastApi | null>(null);

/** The app's one toast area; any feature can show messages through it. */
export function useToast(): TToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
