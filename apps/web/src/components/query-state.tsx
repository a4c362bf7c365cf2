import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { errorText } from '../lib/forms';

/** A spinner in place of content that is loading. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="query-loading">
      <ProgressSpinner strokeWidth="4" aria-label={label} />
    </div>
  );
}

type TLoadErrorProps = { what: string; error: unknown; onRetry: () => void };

/** What could not be loaded and why, with a way to try again. */
export function LoadError({ what, error, onRetry }: TLoadErrorProps) {
  return (
    <div className="query-error">
      <Message severity="error" text={`Could not load ${what}: ${errorText(error)}`} />
      <Button label="Try again" icon="pi pi-refresh" outlined onClick={onRetry} />
    </div>
  );
}

/**
 * A query that has nothing yet and waits for the network (TanStack Query pauses fetches while
 * the browser is offline and resumes them when it is back).
 */
export function waitsForNetwork(query: Pick<UseQueryResult, 'data' | 'fetchStatus'>): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}

/** In place of a list that cannot load offline: never an empty state that is not true. */
export function OfflineState({ what }: { what: string }) {
  return (
    <div className="query-offline" role="status">
      <i className="pi pi-wifi" aria-hidden="true" />
      <p>
        <strong>You are offline.</strong> Your {what} load as soon as the connection is back.
      </p>
    </div>
  );
}

type TQueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** What is loaded, for the spinner's name and the error: "projects". */
  what: string;
  children: (data: T) => ReactNode;
};

/**
 * The content for the loaded data; until then a spinner, that it waits for the network, or why
 * it failed with a retry.
 */
export function QueryState<T>({ query, what, children }: TQueryStateProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (waitsForNetwork(query)) return <OfflineState what={what} />;
  if (query.isError) {
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <LoadingBlock label={`Loading ${what}`} />;
}
