import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useJobsScan, type ScanPhase, type ScanProgress } from '../../../api';
import type { Job } from '../../../contract';
import { useConfig } from '../../../config';
import type { Filters } from '../../../job-views';
import { planSearch } from './search-plan';

export type JobSearch = {
  /** Matches in the result's order. */
  matches: Job[];
  phase: ScanPhase;
  progress: ScanProgress | null;
  error: string | null;
  /** The one match whose job id or order id is the query, if there is exactly one. */
  exact: Job | null;
  stop: () => void;
  /** Scans again from page 1 (after a failure, a stop, or to refresh the matches). */
  again: () => void;
};

const NONE: { matches: Job[]; exact: Job | null } = { matches: [], exact: null };

/**
 * The search of `q` within the filters (the service has none): the loaded pages' matches at
 * once, then the whole-result scan's as they arrive (src/api/useJobsScan.ts, what matches planned
 * in ./search-plan.ts), up to the runtime config's cap, with a way to stop it and to run it
 * again. Null when there is no search.
 */
export function useJobSearch(filters: Filters, q: string | undefined): JobSearch | null {
  const config = useConfig();
  const queryClient = useQueryClient();
  const searching = q !== undefined;
  const key = JSON.stringify([filters, q]);
  const plan = useMemo(
    () => (q !== undefined ? planSearch(queryClient, filters, q) : null),
    // `filters` and `q` are in `key`: the same search is the same plan, whatever object holds the filters.
    [queryClient, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const scan = useJobsScan(
    plan && { key, cap: config.scanCaps.search, filters: () => filters, take: plan.take },
  );
  const done = scan.phase === 'done';
  const found = useMemo(() => (plan ? plan.found(scan.items, done) : NONE), [plan, scan.items, done]);

  if (!searching) return null;
  return {
    ...found,
    phase: scan.phase,
    progress: scan.progress,
    error: scan.error,
    stop: scan.stop,
    again: scan.again,
  };
}
