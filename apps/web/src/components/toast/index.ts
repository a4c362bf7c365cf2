export { ToastProvider } from './toast-provider';
export { useToast } from './toast-context';
export { useNotify } from './use-notify';
