import { useMemo } from 'react';
import type { Job } from '../../../contract';
import { useConfig } from '../../../config';
import { jobLateness, lateRule } from '../../../rules/lateness';

/** The late jobs among those loaded at `now` (the rule of src/rules/lateness.ts), and the rows "late only" leaves. */
export function useLateJobs(jobs: Job[], lateOnly: boolean, now: number) {
  const config = useConfig();
  const rule = useMemo(() => lateRule(config), [config]);
  const lateIds = useMemo(
    () => new Set(jobs.filter((job) => jobLateness(job, now, rule).late).map((job) => job.id)),
    [jobs, now, rule],
  );
  const rows = useMemo(
    () => (lateOnly ? jobs.filter((job) => lateIds.has(job.id)) : jobs),
    [lateOnly, jobs, lateIds],
  );
  return { lateIds, rows };
}
