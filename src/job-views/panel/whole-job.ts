/**
 * The whole job behind a working set's compact record (docs/design.md, "The working set"): the
 * panel shows the record at once and reads the rest: a whole copy already in the page cache,
 * else `GET /v1/jobs/{id}` where the service has the job actions extension (the query the
 * panel's actions read, so one request serves both), else the page of the jobs created in the
 * job's second that holds it (usually one page of the two documented endpoints).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { jobWithActionsQueryOptions, queryKeys, useApi } from '../../api';
import { useConfig } from '../../config';
import type { Job } from '../../contract';
import { isCompactJob } from '../../working-set';
import { findCachedJob } from './cached-job';

export type WholeJob = {
  job: Job;
  /** 'whole': everything the service gives; 'reading': the record, the rest on its way; 'failed': the record alone. */
  state: 'whole' | 'reading' | 'failed';
  error?: unknown;
};

/** The whole copy, with the rider of the record when that is newer (a position moves on its own). */
function newest(whole: Job, record: Job): Job {
  const a = whole.rider;
  const b = record.rider;
  if (!a || !b || a.id !== b.id || b.updated_at <= a.updated_at) return whole;
  return { ...whole, rider: { ...a, last_coordinates: b.last_coordinates, updated_at: b.updated_at } };
}

export function useWholeJob(job: Job | undefined): WholeJob | undefined {
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const compact = !!job && isCompactJob(job);
  const cached = compact ? findCachedJob(queryClient, undefined, job.id) : null;
  const cachedWhole = cached && cached.job.updated_at >= job!.updated_at ? cached.job : null;
  const id = job?.id ?? 0;
  const needed = compact && !cachedWhole;
  const detail = useQuery({ ...jobWithActionsQueryOptions(api, id), enabled: needed });
  const bare = detail.data === null;
  const created = job?.created_at ?? 0;
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one api client and config per app: keys name the data (src/api/queries.ts)
  const found = useQuery({
    queryKey: queryKeys.jobFound(id, created),
    queryFn: async ({ signal }) => {
      const { findJobPage } = await import('./find-job-page');
      const hit = await findJobPage(api, { timestamp_from: created, timestamp_to: created }, id, {
        signal,
        cap: config.scanCaps.search,
        onProgress: () => {},
      });
      return hit?.job ?? null;
    },
    enabled: needed && bare,
  });
  const whole = cachedWhole ?? detail.data?.job ?? found.data ?? null;
  // A copy older than the record (the stream brought a change since): read it again.
  const stale = !!whole && !!job && whole.updated_at < job.updated_at;
  const refetch = detail.data ? detail.refetch : found.refetch;
  useEffect(() => {
    if (stale && needed) void refetch();
  }, [stale, needed, refetch]);

  if (!job) return undefined;
  if (!compact) return { job, state: 'whole' };
  if (whole && !stale) return { job: newest(whole, job), state: 'whole' };
  const error = detail.error ?? found.error;
  if (error || (found.isSuccess && found.data === null && !stale))
    return { job, state: 'failed', error: error ?? undefined };
  return { job, state: 'reading' };
}
