import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import type { TUser } from '@flowsmith/shared';
import { useAppState } from '../../lib/app-state/app-state-store';

/** Who you are, and how the app looks on this device. */
export function GeneralSection({ user }: { user: TUser | null }) {
  const dark = useAppState((state) => state.dark);
  const setDark = useAppState((state) => state.setDark);
  return (
    <div className="settings-grid">
      <Card title="Profile" className="settings-card">
        <div className="form-field">
          <label htmlFor="settings-name">Name</label>
          <InputText id="settings-name" value={user?.name ?? ''} readOnly />
        </div>
        <div className="form-field">
          <label htmlFor="settings-email">E-mail</label>
          <InputText id="settings-email" type="email" value={user?.email ?? ''} readOnly />
        </div>
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
    </div>
  );
}
