import { useState } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';

/**
 * Closing a form with unsaved changes asks first, with "Keep editing" focused so that a reflex
 * Enter or Escape keeps the work; a form without changes closes at once.
 */
export function useUnsavedChangesGuard(dirty: boolean, onClose: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const confirm = (
    <ConfirmDialog
      visible={asking}
      onHide={() => setAsking(false)}
      header="Discard unsaved changes?"
      message="What you changed here has not been saved yet."
      icon="pi pi-exclamation-triangle"
      acceptLabel="Discard changes"
      rejectLabel="Keep editing"
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={onClose}
      className="confirm-dialog"
      draggable={false}
    />
  );
  return { requestClose, confirm };
}
