import type { Job, StatusHistoryEntry } from '../contract';
import { jobBranch } from '../rules/job-branch';

/**
 * Pure facts read from a job for the table, the job panel and the export: its own time zone
 * and its last remark.
 */

/** The latest status-history entry with remarks: the failure reason of a failed job, the last word of any. */
export function lastRemark(job: Job): StatusHistoryEntry | null {
  let latest: StatusHistoryEntry | null = null;
  for (const entry of job.status_history) {
    if (entry.remarks.trim() && (!latest || entry.created_at >= latest.created_at)) latest = entry;
  }
  return latest;
}

/** The job's own time zone: its branch's `time_zone` (src/rules/job-branch.ts; '' when none says). */
export function jobTimeZone(job: Job): string {
  return jobBranch(job)?.time_zone ?? '';
}
