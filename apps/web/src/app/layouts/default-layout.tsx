import { Navigate, Outlet, useLocation } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { loginPathFor, useCurrentUser, wasSignedOutByUser } from '../../lib/auth';
import { useSavedQueries } from '../../lib/offline/use-saved-queries';
import { useRealtimeConnection } from '../../lib/realtime';
import { PrimeScope } from '../prime-config';
import { SavedDataNotice } from './saved-data-notice';
import { SidebarMenu } from './sidebar-menu';
import { Topbar } from './topbar';
import { useBudgetNotices } from './use-budget-notices';

/**
 * Default layout (spec §2): menu, top bar with avatar, and the page. The route loader already
 * guarantees a user; this also reacts when the session ends while the app is open.
 */
function DefaultLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  useRealtimeConnection(user?.id ?? null);
  useBudgetNotices(user?.id ?? null);
  useSavedQueries(user?.id ?? null);

  if (!user) {
    const target = wasSignedOutByUser()
      ? appRoutes.login
      : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }

  return (
    <PrimeScope>
      <div className="layout">
        <Topbar user={user} />
        <div className="layout__body">
          <SidebarMenu />
          <main className="layout-main">
            <SavedDataNotice />
            <Outlet />
          </main>
        </div>
      </div>
    </PrimeScope>
  );
}

export default DefaultLayout;
