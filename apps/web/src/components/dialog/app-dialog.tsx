import { useRef, type ReactNode } from 'react';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { useOverlayAwareEscape } from './overlay-escape';

type TAppDialogProps = Omit<DialogProps, 'visible' | 'onHide' | 'closeOnEscape'> & {
  /** Asked to close: Escape (with no dropdown or picker open), the close button, the mask. */
  onHide: () => void;
  /** Off for a dialog that must be answered with its own buttons. */
  closeOnEscape?: boolean;
  children?: ReactNode;
};

/**
 * Every dialog of the app: mounted while open, full width on small screens, and Escape closes an
 * open dropdown, multiselect, autocomplete or date picker inside it before the dialog itself.
 */
export function AppDialog({ onHide, closeOnEscape = true, children, ...dialog }: TAppDialogProps) {
  const ref = useRef<Dialog>(null);
  useOverlayAwareEscape(() => ref.current?.getMask() ?? null, onHide, closeOnEscape);
  return (
    <Dialog
      ref={ref}
      visible
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      {...dialog}
      // PrimeReact's own Escape would close the dialog together with an open dropdown.
      closeOnEscape={false}
      onHide={onHide}
    >
      {children}
    </Dialog>
  );
}
