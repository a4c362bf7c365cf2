import { Button } from 'primereact/button';
import { AppDialog } from '../../components/dialog/app-dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { TApiKeyCreated } from '@flowsmith/shared';
import { CopyButton } from '../../components/copy-button';

/**
 * The new key, shown this once: only its hash is stored, so closing this dialog without copying
 * means creating another key.
 */
export function ApiKeyCreatedDialog({
  created,
  onClose,
}: {
  created: TApiKeyCreated;
  onClose: () => void;
}) {
  return (
    <AppDialog
      onHide={onClose}
      header={`API key “${created.name}” created`}
      footer={
        <Button type="button" label="I have copied it" icon="pi pi-check" onClick={onClose} />
      }
      className="settings-dialog"
      closeOnEscape={false}
    >
      <Message
        severity="warn"
        className="w-full form-message"
        text="Copy this key now. It is shown only once and cannot be recovered; if you lose it, revoke it and create a new one."
      />
      <div className="form-field">
        <label htmlFor="api-key-secret">Your new API key</label>
        <div className="settings-secret">
          <InputText
            id="api-key-secret"
            value={created.key}
            readOnly
            className="settings-secret__value"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton value={created.key} what="API key" label="Copy" outlined text={false} />
        </div>
        <small className="form-field__hint">
          Send it as <code>Authorization: Bearer {'<key>'}</code> to call the API as yourself.
        </small>
      </div>
    </AppDialog>
  );
}
