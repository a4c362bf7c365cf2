import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { claimReload, isChunkLoadError } from '../../lib/freshness/reload-guard';
import { describeError } from './describe-error';
import { ErrorView } from './error-view';
import { useRecoverWhenOnline } from './use-recover-when-online';

/**
 * The router's `errorElement`. A chunk that failed to load (old build gone after a deploy)
 * reloads the page once per guard window; otherwise the error is shown by status. A lost
 * connection offers to try again and recovers by itself when the network returns.
 */
export function ErrorPage() {
  const error = useRouteError();
  // Decided once per error: claiming the guard has a side effect (sessionStorage).
  const [reloading] = useState(
    () => isChunkLoadError(error) && claimReload(window.sessionStorage, Date.now()),
  );

  const description = describeError(error);
  const retry = useRecoverWhenOnline(!reloading && description.kind === 'network');

  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error('[error page]', error);
  }, [reloading, error]);

  if (reloading) return <p className="error-page__reloading">Loading the latest version…</p>;
  return (
    <ErrorView
      description={description}
      onRetry={description.kind === 'network' ? retry : undefined}
    />
  );
}

/** The catch-all route: unknown paths render "Page not found" (status 404). */
export function NotFoundPage() {
  return <ErrorView description={describeError({ status: 404 })} />;
}
