import { useEffect, useMemo, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { jobsCountQueryOptions, useApi } from '../api';
import { useConfig, type RuntimeConfig } from '../config';
import type { Job } from '../contract';
import { isFinalStatus } from '../rules/lateness';
import { useWorkingSet, type PartState, type WorkingSet } from '../working-set';
import type { AllJobs } from './useAllJobs';
import type { Filters } from './url-params';
import { matchesFilters } from './match-filters';

/**
 * The open statuses to read for `status` (a filter, or none): the configured statuses that are
 * not final, in code order; the one filtered on when it is open (a code the config does not name
 * is open work); none when it is final.
 */
export function openStatuses(config: Pick<RuntimeConfig, 'statuses'>, status?: number): number[] {
  if (status !== undefined) return isFinalStatus(config, status) ? [] : [status];
  return Object.keys(config.statuses)
    .map(Number)
    .filter((code) => !isFinalStatus(config, code))
    .sort((a, b) => a - b);
}

/**
 * How often a read of many jobs hands what it read so far to the screens computing from it
 * (exceptions, figures, lateness): a few times a second. Once a frame, the recomputing took the
 * main thread from the read itself (bench: open_scan_ms).
 */
export const PUBLISH_EVERY_MS = 400;

/** The service's order: newest first. */
const newestFirst = (a: Job, b: Job) => b.created_at - a.created_at || b.id - a.id;

/**
 * A part of the working set as a read of jobs (the shape the screens' status strips read):
 * `jobs` the part's jobs within the screen's filters; `whole` whether what the screen asks is
 * read whole (a window read from its start), whatever the part's own phase.
 */
export function partRead(set: WorkingSet, part: PartState, jobs: Job[], whole: boolean): AllJobs {
  const capped = part.progress?.capped === true;
  const phase = part.phase === 'stopped' ? 'stopped' : whole || part.asOf !== null ? 'done' : part.phase;
  return {
    jobs,
    phase,
    progress: capped || phase === 'loading' ? part.progress : null,
    error: part.error,
    refreshing: part.refreshing,
    asOf: part.asOf,
    stop: set.stop,
    again: set.again,
  };
}

/**
 * Whether every job within `filters` is open work the working set holds: the status filtered
 * on is one the config names and does not mark final.
 */
export function setHoldsAll(config: Pick<RuntimeConfig, 'statuses'>, filters: Filters): boolean {
  const { status } = filters;
  return status !== undefined && String(status) in config.statuses && !isFinalStatus(config, status);
}

/**
 * The open work within `filters`, from the browser's working set (src/working-set): the jobs in
 * the configured open statuses (the control room's). Jobs in statuses the config does not name
 * are not counted here: `useUnnamedStatusCount` says how many there are. `refreshCount`
 * changing reads again (a Refresh); the set keeps itself current otherwise. While not
 * `enabled`, the set is not kept reading for it (what it holds is still returned).
 */
export function useOpenWorkOfSet(
  filters: Filters,
  refresh: { autoRefresh: boolean; refreshCount: number },
  enabled = true,
): AllJobs {
  const config = useConfig();
  const set = useWorkingSet(enabled, refresh.autoRefresh);
  const key = JSON.stringify(filters);
  const jobs = useMemo(() => {
    const named = new Set(openStatuses(config, filters.status));
    const within = matchesFilters(filters);
    return set.open.filter((job) => named.has(job.status) && within(job)).sort(newestFirst);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters by value
  }, [set.open, config, key]);
  useRefresh(set, refresh.refreshCount, enabled);
  return partRead(set, set.state.open, jobs, false);
}

/** A Refresh (its count moving on) reads the working set again (while `enabled`). */
export function useRefresh(set: WorkingSet, refreshCount: number, enabled = true) {
  const seen = useRef(refreshCount);
  const { again } = set;
  useEffect(() => {
    if (seen.current === refreshCount) return;
    seen.current = refreshCount;
    if (enabled) again();
  }, [refreshCount, again, enabled]);
}

export type UnnamedCount = {
  /** Jobs within the filters in statuses the config does not name; null until every count is in. */
  count: number | null;
  error: unknown;
};

/**
 * How many jobs within `filters` (status aside) are in statuses the config does not name: the
 * unfiltered total minus each named status's total, one `page=1` request each (cached with the
 * jobs screen's status counts, which ask the same).
 */
export function useUnnamedStatusCount(
  filters: Omit<Filters, 'status'>,
  enabled: boolean,
  refetchInterval: number | false,
): UnnamedCount {
  const api = useApi();
  const config = useConfig();
  const codes = Object.keys(config.statuses).map(Number);
  const counts = useQueries({
    queries: [undefined, ...codes].map((status) => ({
      ...jobsCountQueryOptions(api, status === undefined ? filters : { ...filters, status }),
      refetchInterval,
      enabled,
    })),
  });
  const error = counts.find((c) => c.isError)?.error ?? null;
  if (counts.some((c) => c.data === undefined)) return { count: null, error };
  const [all, ...named] = counts.map((c) => c.data!);
  return { count: Math.max(0, all! - named.reduce((sum, n) => sum + n, 0)), error };
}
