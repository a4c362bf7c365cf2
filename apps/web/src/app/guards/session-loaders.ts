import { redirect, type LoaderFunctionArgs } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { loginPathFor, meQueryOptions } from '../../lib/auth';
import { describeError } from '../error/describe-error';
import { queryClient } from '../query-client';

/**
 * Loader of the default layout: a visitor without a session is sent to sign in, with the page
 * they asked for kept in `returnTo` (spec §6, DESIGN §3).
 */
export async function requireSessionLoader({ request }: LoaderFunctionArgs) {
  const user = await sessionUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

/**
 * The signed-in user. When the server cannot be reached, the queries saved on an earlier visit
 * stand in (the app then says it shows saved data); without them the error page explains.
 */
async function sessionUser() {
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (describeError(error).kind !== 'network') throw error;
    const { restoreSavedQueries } = await import('../../lib/offline/saved-queries');
    const saved = await restoreSavedQueries(queryClient).catch(() => null);
    if (!saved) throw error;
    return saved;
  }
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
