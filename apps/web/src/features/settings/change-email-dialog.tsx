import { ZChangeEmailBody } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { PasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { useChangeEmail } from './account.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

/** The account keeps its address until the link mailed to the new one is opened. */
export function ChangeEmailDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const notify = useNotify();
  const change = useChangeEmail();
  const form = useZodForm(ZChangeEmailBody, { email: '', currentPassword: '' });
  return (
    <FormDialog
      form={form}
      header="Change e-mail address"
      onSave={async (body) => {
        await change.mutateAsync(body);
        notify.success('Check your new inbox', `Open the link we sent to ${body.email} to finish.`);
      }}
      onClose={onClose}
      saveLabel="Send confirmation link"
      saveIcon="pi pi-envelope"
      className="settings-dialog"
    >
      <p className="settings-muted">
        Your account uses {current} until you open the link we mail to the new address.
      </p>
      <TextField
        control={form.control}
        name="email"
        id="change-email"
        label="New e-mail"
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={form.control}
        name="currentPassword"
        id="change-email-password"
        label="Current password"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}
