type TLocationLike = { pathname: string; search: string; hash: string };
type TRouterState = { navigation: { location?: TLocationLike | undefined } };

/** The part of react-router's data router this needs; keeps the function testable. */
export type TNavigationSource = {
  subscribe(listener: (state: TRouterState) => void): () => void;
};

export function hrefOf(location: TLocationLike): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Once `isStale()` is true, turns the next in-app navigation into a full page load of its
 * target, so the user lands on the new build without losing where they were going.
 */
export function reloadOnNextNavigation(
  router: TNavigationSource,
  isStale: () => boolean,
  assign: (url: string) => void = (url) => window.location.assign(url),
): () => void {
  let reloading = false;
  return router.subscribe((state) => {
    const target = state.navigation.location;
    if (!target || reloading || !isStale()) return;
    reloading = true;
    assign(hrefOf(target));
  });
}
