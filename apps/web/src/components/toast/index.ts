export { ToastProvider } from './toast-provider';
export { useToast, type TToastApi } from './toast-context';
export { useNotify } from './use-notify';
