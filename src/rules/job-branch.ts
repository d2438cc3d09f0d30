/**
 * A job's branch, the one rule the jobs table, the control room (exceptions, figures per
 * branch), the operations map and the job's own time zone read. The interface gives each stop a
 * branch (or null) and says nothing of the job's, so:
 *
 * - **the job's branch** is the branch of its first pickup that names one, else of its first
 *   delivery that names one; null when no stop names a branch. A job whose only branch is on a
 *   delivery belongs to that branch everywhere.
 * - **the job's branches** are the distinct branches of its stops, pickups first, then
 *   deliveries, each in order; the job's branch is the first of them.
 */
import type { Job, StopBranch } from '../contract';

/** The distinct branches of the job's stops: pickups first, then deliveries, each in order. */
export function jobBranches(job: Job): StopBranch[] {
  const seen = new Map<string, StopBranch>();
  for (const stop of [...job.pickups, ...job.deliveries]) {
    if (stop.branch && !seen.has(stop.branch.id)) seen.set(stop.branch.id, stop.branch);
  }
  return [...seen.values()];
}

/** The job's branch: its first pickup's, else its first delivery's; null when no stop has one. */
export function jobBranch(job: Job): StopBranch | null {
  return job.pickups.find((p) => p.branch)?.branch ?? job.deliveries.find((d) => d.branch)?.branch ?? null;
}

/** The job's branch id; '' when no stop names a branch (the control room's "no branch" group). */
export function jobBranchId(job: Job): string {
  return jobBranch(job)?.id ?? '';
}
