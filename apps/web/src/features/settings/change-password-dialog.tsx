import { ZChangePasswordBody } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { NewPasswordField, PasswordField } from '../../components/form/password-field';
import { useNotify } from '../../components/toast';
import { useChangePassword } from './account.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

/** Needs the current password; every other session is signed out, this one stays. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const change = useChangePassword();
  const form = useZodForm(ZChangePasswordBody, { currentPassword: '', newPassword: '' });
  return (
    <FormDialog
      form={form}
      header="Change password"
      onSave={async (body) => {
        await change.mutateAsync(body);
        notify.success('Password changed', 'Your other sessions were signed out.');
      }}
      onClose={onClose}
      saveLabel="Change password"
      className="settings-dialog"
    >
      <PasswordField
        control={form.control}
        name="currentPassword"
        id="current-password"
        label="Current password"
        autoComplete="current-password"
      />
      <NewPasswordField
        control={form.control}
        name="newPassword"
        id="new-password"
        label="New password"
      />
    </FormDialog>
  );
}
