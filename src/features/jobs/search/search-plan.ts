/**
 * The jobs search's plan (run by ./useJobSearch.ts, loaded with the first search: it holds the
 * matching and libphonenumber's metadata, out of the first load): what matches, within the
 * screen's filters, among the jobs the browser holds, a page the whole-result scan read, or the
 * service's search's answer; and how those answers make one list.
 */
import type { Job } from '../../../contract';
import type { Filters } from '../../../job-views';
import { jobBranchId } from '../../../rules/job-branch';
import { exactMatch, matchJob, needleOf } from './job-match';

export type SearchPlan = {
  /** The matches among jobs (the held jobs, a scanned page), in their order. */
  take: (jobs: readonly Job[]) => Job[];
  /**
   * The matches among the service's search's answer that are within the filters (that search
   * takes no filters): the screen's status, branch, team (where jobs carry one) and time range.
   */
  takeFromService: (jobs: readonly Job[]) => Job[];
  /** The one match whose job id or order id is the query, if exactly one is. */
  exact: (matches: readonly Job[]) => Job | null;
  merge: typeof mergeMatches;
};

/** Whether the job is within the filters, as the service's filters read them. */
export function withinFilters(job: Job, filters: Filters): boolean {
  if (filters.status !== undefined && job.status !== filters.status) return false;
  if (filters.branch_id !== undefined && jobBranchId(job) !== filters.branch_id) return false;
  const team = (job as Record<string, unknown>).team_id;
  if (filters.team_id !== undefined && typeof team === 'string' && team !== filters.team_id) return false;
  if (filters.timestamp_from !== undefined && job.created_at < filters.timestamp_from) return false;
  if (filters.timestamp_to !== undefined && job.created_at > filters.timestamp_to) return false;
  return true;
}

/** The search of `q` within `filters`. */
export function planSearch(filters: Filters, q: string): SearchPlan {
  const needle = needleOf(q);
  const take = (jobs: readonly Job[]) => jobs.filter((job) => matchJob(job, needle));
  return {
    take,
    // The service matches from the start of words; the browser's own rule decides what shows.
    takeFromService: (jobs) => take(jobs).filter((job) => withinFilters(job, filters)),
    exact: (matches) => exactMatch(matches, q),
    merge: mergeMatches,
  };
}

/**
 * One list of matches: `first` in its order (the answer that covers the most: the service's
 * search, or the scan), then those of `more` (the held jobs' matches) it does not hold.
 */
export function mergeMatches(first: readonly Job[], more: readonly Job[]): Job[] {
  const ids = new Set(first.map((job) => job.id));
  return [...first, ...more.filter((job) => !ids.has(job.id))];
}
