import { Outlet } from 'react-router';
import { GlobalTooltip } from './global-tooltip';
import { LoadingBar } from './loading-bar';
import { PwaPrompts } from './pwa-prompts';

/** Top-level shell (spec §2): loading bar, the routed layout/page, and app-wide helpers. */
export function AppShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <GlobalTooltip />
      <PwaPrompts />
    </>
  );
}
