/**
 * Links from the control room's figures to the jobs screen showing the jobs they count (pure):
 * the screen's filters (branch, team), the window's `created_at` range and, where the figure
 * is of one status, that status.
 */
import type { Outcome, RuntimeConfig } from '../../config';
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

/** The one status with this outcome, when there is exactly one (else the link keeps every status). */
export function statusOfOutcome(
  config: Pick<RuntimeConfig, 'statuses'>,
  outcome: Outcome,
): number | undefined {
  const codes = Object.entries(config.statuses)
    .filter(([, entry]) => entry.final && (entry.outcome ?? 'success') === outcome)
    .map(([code]) => Number(code));
  return codes.length === 1 ? codes[0] : undefined;
}
