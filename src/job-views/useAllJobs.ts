import { useEffect, useState } from 'react';
import { useJobsScan, type ScanPhase, type ScanProgress } from '../api';
import type { Job } from '../contract';
import { useConfig } from '../config';
import type { Filters } from './url-params';
import { usePageVisible } from './usePageVisible';

export type AllJobs = {
  /** The jobs read, in the result's order: while a first load runs, those read so far. */
  jobs: Job[];
  phase: ScanPhase;
  progress: ScanProgress | null;
  error: string | null;
  /** A refresh is reading the result again; the jobs shown stay until it is done. */
  refreshing: boolean;
  /** Ends the load where it is: what was read stays. */
  stop: () => void;
  /** Reads the result again (after a stop or a failure, or to refresh it). */
  again: () => void;
  /** When what is shown was last known current (ms since the epoch), where the read says. */
  asOf?: number | null;
};

/** The last complete read of a result, shown while the result is read again. */
type Complete = { result: string; jobs: Job[]; progress: ScanProgress | null; error: string | null };

const everyJob = (jobs: Job[]) => jobs;

/**
 * Every job matching `filters` up to `cap` (of the statuses in `statuses` only, when given: see
 * `JobsScanRead`), read with the whole-result scan (src/api/useJobsScan.ts): the operations
 * map's jobs, and the open work of the control room and of "late only". The first load shows the jobs as their pages
 * arrive; a refresh (auto-refresh while on and the tab shown, `refreshCount` changing, or
 * `again` after a complete read) reads the result again and swaps it in once complete, so
 * nothing on the map blinks. Null while not `enabled`.
 */
export function useAllJobs(
  filters: Filters,
  enabled: boolean,
  {
    cap,
    statuses,
    publishEveryMs,
    autoRefresh,
    refreshCount,
  }: {
    cap: number;
    statuses?: readonly number[];
    /** See `JobsScanRead`. */
    publishEveryMs?: number;
    autoRefresh: boolean;
    refreshCount: number;
  },
): AllJobs | null {
  const { refreshSeconds } = useConfig();
  const visible = usePageVisible();
  const result = JSON.stringify(filters);
  const scan = useJobsScan(
    enabled
      ? {
          key: `${result}|${refreshCount}`,
          cap,
          statuses,
          publishEveryMs,
          filters: () => filters,
          take: everyJob,
        }
      : null,
  );
  const [complete, setComplete] = useState<Complete | null>(null);
  if (enabled) {
    if (scan.phase === 'done' && complete?.jobs !== scan.items)
      setComplete({ result, jobs: scan.items, progress: scan.progress, error: null });
    else if (complete && complete.result !== result) setComplete(null);
    else if (complete && scan.phase === 'error' && complete.error !== scan.error)
      setComplete({ ...complete, error: scan.error });
  }
  // While the result is read again, the complete read stays (with the failure of the last refresh, if it failed).
  const kept =
    complete?.result === result && (scan.phase === 'loading' || scan.phase === 'error') ? complete : null;
  const refreshing = kept !== null && scan.phase === 'loading';
  const phase = kept ? 'done' : scan.phase;
  const { again } = scan;

  // Auto-refresh: the interval after each complete read, while on and the tab is shown.
  useEffect(() => {
    if (!enabled || !autoRefresh || !visible || phase !== 'done' || refreshing) return;
    const timer = setTimeout(again, refreshSeconds * 1000);
    return () => clearTimeout(timer);
  }, [enabled, autoRefresh, visible, phase, refreshing, again, refreshSeconds]);

  if (!enabled) return null;
  return {
    jobs: kept ? kept.jobs : scan.items,
    phase,
    progress: kept ? kept.progress : scan.progress,
    error: kept ? (scan.error ?? kept.error) : scan.error,
    refreshing,
    stop: scan.stop,
    again,
  };
}
