import type { ReactNode } from 'react';
import { confirmDialog } from 'primereact/confirmdialog';

type TConfirmOptions = {
  header: string;
  message: ReactNode;
  /** Names the act: "Delete", "Revoke", "Leave". */
  acceptLabel: string;
  accept?: () => void;
  icon?: string;
  /** A danger-coloured button for what cannot be undone; true unless said otherwise. */
  destructive?: boolean;
};

/**
 * Asks before acting, with Cancel focused so that a reflex Enter does nothing. Resolves true when
 * the act is chosen; the page needs one `<ConfirmDialog />` mounted.
 */
export function confirmAction({
  header,
  message,
  acceptLabel,
  accept,
  icon = 'pi pi-exclamation-triangle',
  destructive = true,
}: TConfirmOptions): Promise<boolean> {
  return new Promise((resolve) =>
    confirmDialog({
      header,
      message,
      icon,
      acceptLabel,
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      ...(destructive ? { acceptClassName: 'p-button-danger' } : {}),
      accept: () => {
        resolve(true);
        accept?.();
      },
      onHide: () => resolve(false),
    }),
  );
}
