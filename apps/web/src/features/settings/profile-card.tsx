import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { ZProfileBody, type TUser } from '@flowsmith/shared';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { AvatarField } from './avatar-field';
import { ChangeEmailDialog } from './change-email-dialog';
import { useUpdateProfile } from './account.mutations';
import { FormSubmit } from '../../components/form/form-submit';

/** Name (saved here) and e-mail address (changed through a link mailed to the new one). */
export function ProfileCard({ user }: { user: TUser }) {
  const notify = useNotify();
  const update = useUpdateProfile();
  const [changingEmail, setChangingEmail] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZProfileBody), values: { name: user.name } });

  const save = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { user: saved } = await update.mutateAsync(body);
      form.reset({ name: saved.name });
      notify.success('Profile saved', saved.name);
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['name']));
    }
  });

  return (
    <Card title="Profile" className="settings-card">
      <AvatarField user={user} />
      <form className="settings-form" noValidate onSubmit={(event) => void save(event)}>
        <TextField
          control={form.control}
          name="name"
          id="settings-name"
          label="Name"
          autoComplete="name"
        />
        <FormSubmit
          error={formError}
          label="Save name"
          icon="pi pi-check"
          className="settings-form__submit"
          loading={update.isPending}
        />
      </form>
      <div className="form-field settings-email">
        <label htmlFor="settings-email">E-mail</label>
        <div className="settings-email__row">
          <InputText id="settings-email" type="email" value={user.email} readOnly />
          <Button
            type="button"
            label="Change e-mail"
            outlined
            onClick={() => setChangingEmail(true)}
          />
        </div>
      </div>
      {changingEmail ? (
        <ChangeEmailDialog current={user.email} onClose={() => setChangingEmail(false)} />
      ) : null}
    </Card>
  );
}
