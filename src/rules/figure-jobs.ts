/**
 * The jobs behind a figure of the control room (docs/design.md, "Derived facts"): the very
 * jobs a tile, a chart's bucket, a branch's row or a status's spells count, read with the same
 * facts as day-figures.ts, so a figure and its list never disagree (the window's jobs are each
 * kept by their own branch's day, which no single `created_at` range of the service can say).
 * Pure.
 */
import type { Job } from '../contract';
import { bucketIndex, bucketStep, jobFacts, type FigureRule, type JobFacts } from './day-figures';

/** Which jobs: a tile's, a bucket's (created or delivered in it), a branch's, a status's spells. */
export type FigurePick =
  | { kind: 'jobs' | 'completed' | 'failed' | 'cancelled' | 'open' | 'late' | 'deliveries' }
  | { kind: 'created' | 'delivered'; at: number }
  | { kind: 'branch'; branch: string }
  | { kind: 'spells'; status: number };

export type FigureJobs = {
  jobs: Job[];
  /** What the figure counts besides jobs: completed deliveries (on time) or ended spells; else null. */
  units: number | null;
};

function spellsIn(job: Job, status: number): number {
  let n = 0;
  const history = job.status_history;
  for (let i = 0; i + 1 < history.length; i++) if (history[i]!.status === status) n += 1;
  return n;
}

/**
 * The jobs of `jobs` (the window's, from `window.from` to `window.to`) that the figure `pick`
 * counts at `now`, in the order given.
 */
export function figureJobs(
  jobs: readonly Job[],
  pick: FigurePick,
  window: { from: number; to: number },
  now: number,
  rule: FigureRule,
): FigureJobs {
  const step = bucketStep(window);
  const inBucket = (t: number, at: number) => {
    const i = bucketIndex(t, window, step);
    return i >= 0 && window.from + i * step === at;
  };
  const keep = (f: JobFacts): boolean => {
    switch (pick.kind) {
      case 'jobs':
        return true;
      case 'completed':
        return f.outcome === 'success';
      case 'failed':
        return f.outcome === 'failure';
      case 'cancelled':
        return f.outcome === 'cancelled';
      case 'open':
        return f.outcome === null;
      case 'late':
        return f.late;
      case 'deliveries':
        return f.completedDeliveries > 0;
      case 'created':
        return inBucket(f.job.created_at, pick.at);
      case 'delivered':
        return f.toDelivered !== null && inBucket(f.job.created_at + f.toDelivered, pick.at);
      case 'branch':
        return f.branch === pick.branch;
      case 'spells':
        return spellsIn(f.job, pick.status) > 0;
    }
  };
  const out: Job[] = [];
  let units = 0;
  for (const job of jobs) {
    const facts = jobFacts(job, now, rule);
    if (!keep(facts)) continue;
    out.push(job);
    if (pick.kind === 'deliveries') units += facts.completedDeliveries;
    else if (pick.kind === 'spells') units += spellsIn(job, pick.status);
  }
  return { jobs: out, units: pick.kind === 'deliveries' || pick.kind === 'spells' ? units : null };
}
