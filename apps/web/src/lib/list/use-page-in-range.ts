import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TPage } from '@flowsmith/shared';

/**
 * Deleting the last row of the last page (or a hand-edited URL) leaves a page past the end:
 * step back, in place, to the last page that has rows.
 */
export function usePageInRange(
  query: UseQueryResult<TPage<unknown>>,
  page: number,
  pageSize: number,
  goToPage: (page: number) => void,
) {
  const latest = useRef(goToPage);
  useEffect(() => {
    latest.current = goToPage;
  });
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pastEnd = query.isSuccess && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastEnd) latest.current(lastPage);
  }, [pastEnd, lastPage]);
}
