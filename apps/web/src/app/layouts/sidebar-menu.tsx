import { NavLink } from 'react-router';
import { Ripple } from 'primereact/ripple';
import { menuItems } from './menu-items';

export const SIDEBAR_ID = 'app-sidebar';
export const SIDEBAR_OPEN_CLASS = 'layout-sidebar--open';

/** On narrow screens the sidebar is an overlay; following a link should close it. */
function closeOverlay() {
  document.getElementById(SIDEBAR_ID)?.classList.remove(SIDEBAR_OPEN_CLASS);
}

export function SidebarMenu() {
  return (
    <aside id={SIDEBAR_ID} className="layout-sidebar" aria-label="Main menu">
      <nav>
        <ul className="stack-list">
          {menuItems.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end ?? false}
                onClick={closeOverlay}
                className={({ isActive }) =>
                  `layout-menu__link p-ripple${isActive ? ' layout-menu__link--active' : ''}`
                }
              >
                <i className={item.icon} aria-hidden="true" />
                <span>{item.label}</span>
                <Ripple />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
