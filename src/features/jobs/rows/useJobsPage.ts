import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { jobsQueryOptions, useApi } from '../../../api';
import { useConfig } from '../../../config';
import { pageRequest, type Filters, usePageVisible } from '../../../job-views';

/**
 * One page of jobs for the filters: previous data kept while the next loads (no flash of an
 * empty table), the next page prefetched, refreshed every `refreshSeconds` while on and shown.
 * `current` is the page asked for once it is in; `data` the rows to show: the page asked for,
 * the previous one while it loads, or after a failure the rows last loaded for real (marked not
 * current by the screen) instead of a blank table.
 */
export function useJobsPage(filters: Filters, page: number, autoRefresh: boolean) {
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const query = useQuery({
    ...jobsQueryOptions(api, pageRequest(filters, page)),
    refetchInterval: autoRefresh && visible ? config.refreshSeconds * 1000 : false,
  });

  const totalPages = query.data && !query.isPlaceholderData ? query.data.total_pages : undefined;
  useEffect(() => {
    if (totalPages === undefined || page >= totalPages) return;
    // After the rows are painted (the next frame, then a task): the prefetch serves the next
    // click, and React runs this effect in the same task as the commit, before that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(
        () => void queryClient.prefetchQuery(jobsQueryOptions(api, pageRequest(filters, page + 1))),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [api, queryClient, filters, page, totalPages]);

  const current = query.isPlaceholderData ? undefined : query.data;
  const [lastGood, setLastGood] = useState(current);
  if (current && current !== lastGood) setLastGood(current);
  return { query, current, data: query.data ?? (query.isError ? lastGood : undefined) };
}
