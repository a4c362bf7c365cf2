import { appRoutes } from '@flowsmith/shared';

const ORIGIN = 'http://flowsmith.invalid';

/**
 * Accepts only same-site relative paths for `?returnTo=`, so a crafted sign-in link cannot
 * send the user to another site (open redirect). Anything else falls back to home.
 */
export function safeReturnTo(value: string | null | undefined, fallback = appRoutes.home): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Going back to the sign-in page after signing in would loop.
    return url.pathname === appRoutes.login ? fallback : path;
  } catch {
    return fallback;
  }
}

/** `/login?returnTo=<path+search>` for a visitor who opened `path`. */
export function loginPathFor(pathWithSearch: string): string {
  return `${appRoutes.login}?returnTo=${encodeURIComponent(pathWithSearch)}`;
}
