import { Toast } from 'primereact/toast';

/** PrimeReact's Toast, in its own chunk: loaded after the first screen or with the first message. */
export default function ToastHost({ onReady }: { onReady: (toast: Toast | null) => void }) {
  // Bottom corner: a toast must never cover the top bar's controls.
  return <Toast ref={onReady} position="bottom-right" />;
}
