import { redirect, type LoaderFunctionArgs } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { loginPathFor, meQueryOptions } from '../../lib/auth';
import { queryClient } from '../query-client';

/**
 * Loader of the default layout: a visitor without a session is sent to sign in, with the page
 * they asked for kept in `returnTo` (spec §6, DESIGN §3).
 */
export async function requireSessionLoader({ request }: LoaderFunctionArgs) {
  const user = await queryClient.ensureQueryData(meQueryOptions());
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

/**
 * Loader of /login and /register: a signed-in user has nothing to do there. If the session
 * check itself fails (server down) the form is still shown; signing in will report the error.
 */
export async function guestOnlyLoader() {
  // No retry here: a visitor should see the form at once rather than wait for a dead server.
  const user = await queryClient
    .ensureQueryData({ ...meQueryOptions(), retry: false })
    .catch(() => null);
  if (user) throw redirect(appRoutes.home);
  return null;
}
