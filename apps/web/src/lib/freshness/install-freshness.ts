import { currentBuildId, fetchLatestBuild, startFreshnessChecks } from './freshness';
import { claimReload } from './reload-guard';
import { hrefOf, reloadOnNextNavigation, type TNavigationSource } from './reload-on-navigation';

type TRouterLike = TNavigationSource & {
  state: { navigation: { location?: Parameters<typeof hrefOf>[0] | undefined } };
};

let stale = false;

/**
 * Wires the freshness rules of spec §4 to the running app: hourly manifest check, reload on the
 * next navigation once stale, and a guarded reload when Vite fails to preload a chunk.
 */
export function installFreshness(router: TRouterLike): () => void {
  const stopChecks = startFreshnessChecks({
    fetchLatest: fetchLatestBuild,
    currentId: currentBuildId(),
    onStale: () => {
      stale = true;
    },
  });
  const stopNavigation = reloadOnNextNavigation(router, () => stale);

  // Vite fires this when a dynamic import or its preload fails (typically: the old chunk is gone
  // after a deploy). Preventing default stops Vite from throwing; a full load of the page being
  // navigated to (or the current one) fetches the new build. Once the guard refuses, the error
  // reaches the route's error page instead.
  const onPreloadError = (event: Event) => {
    if (!claimReload(window.sessionStorage, Date.now())) return;
    event.preventDefault();
    const target = router.state.navigation.location;
    if (target) window.location.assign(hrefOf(target));
    else window.location.reload();
  };
  window.addEventListener('vite:preloadError', onPreloadError);

  return () => {
    stopChecks();
    stopNavigation();
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
