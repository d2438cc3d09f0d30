import type { Job } from '../contract';
import { jobBranchId } from '../rules/job-branch';
import type { Filters } from './url-params';

/** Whether a job of the working set is within the filters, as the service's own filters read them. */
export function matchesFilters(filters: Filters): (job: Job) => boolean {
  const { status, branch_id, team_id, timestamp_from, timestamp_to } = filters;
  return (job) =>
    (status === undefined || job.status === status) &&
    (branch_id === undefined || jobBranchId(job) === branch_id) &&
    (team_id === undefined || (job as Record<string, unknown>).team_id === team_id) &&
    (timestamp_from === undefined || job.created_at >= timestamp_from) &&
    (timestamp_to === undefined || job.created_at <= timestamp_to);
}
