/**
 * Why deliveries failed, for the control room's figures (day-figures.ts): the remarks of the
 * deliveries' history entries in a failure status, one per failure (an entry right after
 * another failure, such as Returned after Failed, is the same one), grouped by text (trimmed,
 * spaces collapsed, case, accents and a final full stop ignored: src/lib/fold.ts), largest
 * first, ties in the order of the alphabet. A history entry is read when it carries a numeric
 * `status` (the interface does not state its shape).
 */
import type { Job } from '../contract';
import { foldText } from '../lib/fold';

export type FailureReason = { reason: string; count: number };

export type FailureReasons = {
  reasons: FailureReason[];
  /** Failures counted, with a remark or without. */
  failures: number;
  /** Failures without a remark. */
  unexplained: number;
};

const groupKey = (text: string) => foldText(text).replace(/\.$/, '');

/** The failure reasons of the jobs' deliveries; `isFailure` says which statuses are failures. */
export function failureReasons(jobs: readonly Job[], isFailure: (status: number) => boolean): FailureReasons {
  const groups = new Map<string, FailureReason>();
  let failures = 0;
  let unexplained = 0;
  for (const job of jobs)
    for (const d of job.deliveries) {
      let previousFailed = false;
      for (const entry of d.status_history) {
        if (typeof entry !== 'object' || entry === null) continue;
        const { status, remarks } = entry as { status?: unknown; remarks?: unknown };
        if (typeof status !== 'number') continue;
        const failed = isFailure(status);
        if (failed && !previousFailed) {
          failures += 1;
          const text = typeof remarks === 'string' ? remarks.trim().replace(/\s+/g, ' ') : '';
          const key = groupKey(text);
          if (!key) unexplained += 1;
          else {
            const group = groups.get(key);
            if (group) group.count += 1;
            else groups.set(key, { reason: text.replace(/\.$/, ''), count: 1 });
          }
        }
        previousFailed = failed;
      }
    }
  const reasons = [...groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { reasons, failures, unexplained };
}
