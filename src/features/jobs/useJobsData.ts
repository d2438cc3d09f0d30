import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { jobsQueryOptions, queryKeys, useApi } from '../../api';
import type { Job, JobsResponse } from '../../contract';
import { useConfig } from '../../config';
import { pageRequest, type Filters } from './url-params';
import type { SwitchSetting } from './settings';

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const isVisible = () => document.visibilityState !== 'hidden';

/** True while the tab is shown; auto-refresh pauses while it is hidden. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

/** A switch remembered per browser (settings.ts): its value and its setter. */
export function useSwitchSetting(setting: SwitchSetting): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(setting.load);
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      setting.save(value);
    },
    [setting],
  );
  return [on, set];
}

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

/**
 * The job with this id from the rows on screen first, then from any page in the cache (with
 * when it was loaded).
 */
export function findCachedJob(
  queryClient: ReturnType<typeof useQueryClient>,
  shown: readonly Job[] | undefined,
  id: number,
): { job: Job; fromCurrentPage: boolean; loadedAt: number | null } | null {
  const here = shown?.find((j) => j.id === id);
  if (here) return { job: here, fromCurrentPage: true, loadedAt: null };
  let best: { job: Job; loadedAt: number } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.jobsPages() })) {
    const data = query.state.data as Partial<JobsResponse> | undefined;
    const job = Array.isArray(data?.jobs) ? data.jobs.find((j) => j.id === id) : undefined;
    if (job && (!best || query.state.dataUpdatedAt > best.loadedAt))
      best = { job, loadedAt: query.state.dataUpdatedAt };
  }
  return best ? { job: best.job, fromCurrentPage: false, loadedAt: best.loadedAt } : null;
}
