import type { TUser } from '@flowsmith/shared';

/**
 * The realtime connection a request came from (`X-Client-Id`, sent by the web app's tabs), kept
 * with the request's caller so a published change can name the tab that made it.
 */
const clients = new WeakMap<TUser, string>();

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function rememberClient(caller: TUser, header: string | string[] | undefined): void {
  if (typeof header === 'string' && CLIENT_ID.test(header)) clients.set(caller, header);
}

export const clientOf = (caller: TUser): string => clients.get(caller) ?? '';
