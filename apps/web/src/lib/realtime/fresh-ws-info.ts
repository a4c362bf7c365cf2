import type { TWsInfo } from '@flowsmith/shared';
import { setWsInfo } from '../cookies/auth-cookies';

let fresh: TWsInfo | null = null;

/** Called with the login response: stores the cookies and lets the connection skip a fetch. */
export function rememberWsInfo(info: TWsInfo): void {
  setWsInfo(info);
  fresh = info;
}

/** The ws info from a login in this page, once; null after a reload. */
export function takeFreshWsInfo(): TWsInfo | null {
  const info = fresh;
  fresh = null;
  return info;
}
