import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TPage } from '@flowsmith/shared';
import { parseScreenParams, screenParamsToQuery } from './database-params';

/**
 * Deleting the last row of the last page (or a hand-edited URL) leaves a page past the end:
 * step back, in place, to the last page that has rows.
 */
export function usePageInRange(
  query: UseQueryResult<TPage<unknown>>,
  page: number,
  pageSize: number,
) {
  const [, setSearchParams] = useSearchParams();
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pastEnd = query.isSuccess && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (!pastEnd) return;
    setSearchParams(
      (current) => screenParamsToQuery({ ...parseScreenParams(current), page: lastPage }),
      { replace: true },
    );
  }, [pastEnd, lastPage, setSearchParams]);
}
