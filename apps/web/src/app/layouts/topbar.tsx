import { useRef, type MutableRefObject, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from 'primereact/avatar';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { StyleClass } from 'primereact/styleclass';
import type { MenuItem } from 'primereact/menuitem';
import { appRoutes, type TUser } from '@flowsmith/shared';
import { useAppState } from '../../lib/app-state/app-state-store';
import { useOnline } from '../../lib/network/use-online';
import { promptInstall, useInstallOffer } from '../../lib/pwa/install-prompt';
import { SIDEBAR_ID, SIDEBAR_OPEN_CLASS } from './sidebar-menu';
import { useSignOut } from './use-sign-out';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

export function Topbar({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const dark = useAppState((state) => state.dark);
  const toggleDark = useAppState((state) => state.toggleDark);
  const online = useOnline();
  const installOffer = useInstallOffer();
  const menuRef = useRef<Menu>(null);
  const sidebarToggleRef = useRef<HTMLButtonElement>(null);

  const accountItems: MenuItem[] = [
    { label: user.name, disabled: true, className: 'topbar__menu-user' },
    { separator: true },
    { label: 'Settings', icon: 'pi pi-cog', command: () => void navigate(appRoutes.settings) },
    { label: 'Sign out', icon: 'pi pi-sign-out', command: () => void signOut() },
  ];

  return (
    <header className="layout-topbar">
      {/* PrimeReact types nodeRef as a ReactNode ref; at runtime it wants the DOM element. */}
      <StyleClass
        nodeRef={sidebarToggleRef as unknown as MutableRefObject<ReactNode>}
        selector={`#${SIDEBAR_ID}`}
        toggleClassName={SIDEBAR_OPEN_CLASS}
      />
      <button
        ref={sidebarToggleRef}
        type="button"
        className="topbar__icon-button topbar__sidebar-toggle p-ripple"
        aria-label="Toggle menu"
        aria-controls={SIDEBAR_ID}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <div className="brand">
        <i className="pi pi-sitemap brand__mark" aria-hidden="true" />
        <span className="brand__name">Flowsmith</span>
      </div>

      <div className="topbar__actions">
        {!online ? (
          <Badge value="Offline" severity="warning" data-pr-tooltip="No network connection" />
        ) : null}
        {installOffer ? (
          <Button
            label="Install app"
            icon="pi pi-download"
            size="small"
            text
            onClick={() => void promptInstall()}
          />
        ) : null}
        <Button
          icon={dark ? 'pi pi-sun' : 'pi pi-moon'}
          rounded
          text
          aria-label="Toggle dark mode"
          aria-pressed={dark}
          data-pr-tooltip={dark ? 'Light mode' : 'Dark mode'}
          onClick={toggleDark}
        />
        <Menu model={accountItems} popup ref={menuRef} id="account-menu" />
        <button
          type="button"
          className="topbar__avatar-button"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-controls="account-menu"
          onClick={(event) => menuRef.current?.toggle(event)}
        >
          {user.avatarUrl ? (
            <Avatar image={user.avatarUrl} shape="circle" className="topbar__avatar" />
          ) : (
            <Avatar label={initialsOf(user.name)} shape="circle" className="topbar__avatar" />
          )}
        </button>
      </div>
    </header>
  );
}
