import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from './loading-bar';
import { usePageSettled } from './use-page-settled';

// Loaded once the page has settled: neither is needed to show the first screen.
const GlobalTooltip = lazy(() =>
  import('./global-tooltip').then((module) => ({ default: module.GlobalTooltip })),
);
const PwaPrompts = lazy(() =>
  import('./pwa-prompts').then((module) => ({ default: module.PwaPrompts })),
);

/** Top-level shell (spec §2): loading bar, the routed layout/page, and app-wide helpers. */
export function AppShell() {
  const settled = usePageSettled();
  return (
    <>
      <LoadingBar />
      <Outlet />
      {settled ? (
        <Suspense fallback={null}>
          <GlobalTooltip />
          <PwaPrompts />
        </Suspense>
      ) : null}
    </>
  );
}
