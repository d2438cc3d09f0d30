/**
 * Links from the control room to the jobs screen (pure): the screen's filters (branch, team)
 * and what else the link narrows. The figures open their own lists instead (figure-list.ts).
 */
import type { JobsSearch } from '../../job-views';

export type JobsLinkBase = {
  branch_id?: string;
  team_id?: string;
  timestamp_from?: number;
  timestamp_to?: number;
};

export function jobsLink(base: JobsLinkBase, patch: Partial<JobsSearch> = {}): JobsSearch {
  return { page: 1, ...base, ...patch };
}
