import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import type { TUser } from '@flowsmith/shared';
import { useAppState } from '../../lib/app-state/app-state-store';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

/** Who you are, how you sign in, and how the app looks on this device. */
export function GeneralSection({ user }: { user: TUser | null }) {
  const dark = useAppState((state) => state.dark);
  const setDark = useAppState((state) => state.setDark);
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const close = () => setDialog(null);
  return (
    <div className="settings-grid">
      {user ? <ProfileCard user={user} /> : null}
      <Card title="Password" className="settings-card">
        <p className="settings-muted">
          Changing your password signs out every other session of your account.
        </p>
        <Button
          label="Change password"
          icon="pi pi-lock"
          outlined
          onClick={() => setDialog('password')}
        />
      </Card>
      <Card title="Appearance" className="settings-card">
        <div className="settings-row">
          <label htmlFor="settings-dark" className="settings-row__label">
            Dark mode
            <small>Use the dark theme on this device.</small>
          </label>
          <InputSwitch
            inputId="settings-dark"
            checked={dark}
            onChange={(event) => setDark(event.value)}
          />
        </div>
      </Card>
      <SessionsCard />
      <Card title="Delete account" className="settings-card">
        <p className="settings-muted">
          Deletes your account for good. Projects you share with other owners stay with them.
        </p>
        <Button
          label="Delete account"
          icon="pi pi-trash"
          severity="danger"
          outlined
          onClick={() => setDialog('delete')}
        />
      </Card>
      {dialog === 'password' ? <ChangePasswordDialog onClose={close} /> : null}
      {dialog === 'delete' ? <DeleteAccountDialog onClose={close} /> : null}
    </div>
  );
}
