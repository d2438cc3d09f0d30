import type { Job, StopBranch } from '../contract';

/** What the loaded jobs tell of the branches and teams there are (the filters suggest them). */

/** Branches seen in loaded jobs (pickups and deliveries), by id. */
export function branchesInJobs(jobs: readonly Job[]): Map<string, StopBranch> {
  const out = new Map<string, StopBranch>();
  for (const job of jobs) {
    for (const stop of [...job.pickups, ...job.deliveries]) {
      if (stop.branch && !out.has(stop.branch.id)) out.set(stop.branch.id, stop.branch);
    }
  }
  return out;
}

/** Team ids seen in loaded jobs. `team_id` is not in the interface: read where a service sends it. */
export function teamsInJobs(jobs: readonly Job[]): Set<string> {
  const out = new Set<string>();
  for (const job of jobs) {
    const team = (job as Record<string, unknown>).team_id;
    if ((typeof team === 'string' && team.trim()) || typeof team === 'number') out.add(String(team).trim());
  }
  return out;
}
