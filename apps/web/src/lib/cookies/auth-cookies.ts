import Cookies from 'js-cookie';
import { authCookies, type TWsInfo } from '@flowsmith/shared';

// Spec §9: every auth cookie lives on path `/`. Lax keeps them off cross-site requests.
const options: Cookies.CookieAttributes = { path: '/', sameSite: 'lax' };

/**
 * Stores the realtime connection info and, as spec §4 says, copies its token into `wsToken`.
 * The session cookie `token` is HttpOnly and belongs to the server; this module never touches it.
 */
export function setWsInfo(info: TWsInfo): void {
  Cookies.set(authCookies.wsInfo, JSON.stringify(info), options);
  Cookies.set(authCookies.wsToken, info.token, options);
}

/** Spec §4: clearing sets the values empty. */
export function clearWsInfo(): void {
  Cookies.set(authCookies.wsInfo, '', options);
  Cookies.set(authCookies.wsToken, '', options);
}
