import type { Job, StatusHistoryEntry, StopBranch } from '../contract';

/**
 * Pure facts read from a job for the table, the job panel and the export: the branches of its
 * pickups, its own time zone, its last remark, and a rider's phone number as one text.
 */

/** The distinct branches of the job's pickups, in order. */
export function pickupBranches(job: Job): StopBranch[] {
  const seen = new Map<string, StopBranch>();
  for (const p of job.pickups) if (p.branch && !seen.has(p.branch.id)) seen.set(p.branch.id, p.branch);
  return [...seen.values()];
}

/** "+44 7700 900123" from a dial code and a number, either of which may be empty. */
export function phoneOf(dialCode: string, mobile: string): string {
  const code = dialCode.trim();
  const number = mobile.trim();
  if (!number) return '';
  if (!code || number.startsWith('+')) return number;
  return `${code.startsWith('+') ? code : `+${code}`} ${number}`;
}

/** The latest status-history entry with remarks: the failure reason of a failed job, the last word of any. */
export function lastRemark(job: Job): StatusHistoryEntry | null {
  let latest: StatusHistoryEntry | null = null;
  for (const entry of job.status_history) {
    if (entry.remarks.trim() && (!latest || entry.created_at >= latest.created_at)) latest = entry;
  }
  return latest;
}

/** The job's own time zone: its first pickup's branch's `time_zone` ('' when none says). */
export function jobTimeZone(job: Job): string {
  return pickupBranches(job)[0]?.time_zone ?? '';
}
