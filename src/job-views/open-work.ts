import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { jobsCountQueryOptions, useApi } from '../api';
import { useConfig, type RuntimeConfig } from '../config';
import { isFinalStatus } from '../rules/lateness';
import { useAllJobs, type AllJobs } from './useAllJobs';
import type { Filters } from './url-params';

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

/**
 * The open work within `filters`: each open status read through the service's own `status`
 * filter (open work, not the history), up to `scanCaps.open`, refreshed like the operations
 * map. Jobs in statuses the config does not name are not read: `useUnnamedStatusCount` says
 * how many there are. Null while not `enabled`.
 */
export function useOpenWork(
  filters: Filters,
  enabled: boolean,
  refresh: { autoRefresh: boolean; refreshCount: number },
): AllJobs | null {
  const config = useConfig();
  const { status, ...rest } = filters;
  const statuses = useMemo(() => openStatuses(config, status), [config, status]);
  return useAllJobs(rest, enabled, {
    ...refresh,
    cap: config.scanCaps.open,
    statuses,
    publishEveryMs: PUBLISH_EVERY_MS,
  });
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
