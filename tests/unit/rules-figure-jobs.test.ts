import { describe, expect, it } from 'vitest';
import { dayFigures, figureRule } from '../../src/rules/day-figures';
import { figureJobs, type FigurePick } from '../../src/rules/figure-jobs';
import { HOUR, NOW, config, entry, makeJob } from './rules-fixtures';

const rule = figureRule(config);
const W0 = NOW - 10 * HOUR;
const window = { from: W0, to: W0 + 24 * HOUR };
const at = (hours: number) => W0 + hours * HOUR;
const done = { status: 5, completed: true };

const jobs = [
  makeJob(1, {
    status: 7,
    created: at(0.5),
    history: [entry(1, at(0.5)), entry(3, at(1)), entry(7, at(2.5))],
    pickups: [done],
    deliveries: [
      { status: 7, completed: true, updated_at: at(2.5), delivery_slot_to: at(3) },
      { status: 7, completed: true, updated_at: at(2.5), delivery_slot_to: at(3) },
    ],
  }),
  makeJob(2, {
    status: 8,
    created: at(1),
    history: [entry(1, at(1)), entry(3, at(2)), entry(8, at(3), 'Customer not home')],
    branch: 'BER-01',
  }),
  makeJob(3, { status: 9, created: at(4), history: [entry(1, at(4)), entry(9, at(5))] }),
  makeJob(4, {
    status: 6,
    created: at(5),
    history: [entry(1, at(5)), entry(6, at(6))],
    pickups: [done],
    deliveries: [{ status: 6, in_progress: true, delivery_slot_to: NOW - HOUR }],
  }),
  makeJob(5, { status: 2, created: at(9), history: [entry(1, at(9)), entry(2, at(9.5))] }),
];
const figures = dayFigures(jobs, window, NOW, rule);
const list = (pick: FigurePick) => figureJobs(jobs, pick, window, NOW, rule);
const ids = (pick: FigurePick) => list(pick).jobs.map((j) => j.id);

describe('the jobs behind a figure', () => {
  it('are as many as each count tile says, and the right ones', () => {
    const { tiles } = figures;
    expect(ids({ kind: 'jobs' })).toHaveLength(tiles.jobs.value!);
    expect(ids({ kind: 'completed' })).toEqual([1]);
    expect(ids({ kind: 'failed' })).toEqual([2]);
    expect(ids({ kind: 'cancelled' })).toEqual([3]);
    expect(ids({ kind: 'open' })).toEqual([4, 5]);
    expect(ids({ kind: 'late' })).toEqual([4]);
    for (const [kind, key] of [
      ['completed', 'completed'],
      ['failed', 'failed'],
      ['cancelled', 'cancelled'],
      ['open', 'open'],
      ['late', 'lateNow'],
    ] as const)
      expect(ids({ kind }), kind).toHaveLength(tiles[key].value!);
  });

  it('count the completed deliveries the on-time share rests on', () => {
    const behind = list({ kind: 'deliveries' });
    expect(behind.jobs.map((j) => j.id)).toEqual([1]);
    expect(behind.units).toBe(figures.tiles.onTime.basis);
    expect(behind.units).toBe(2);
  });

  it('match each bucket of the chart: created in it, and delivered in it', () => {
    for (const bucket of figures.createdCompleted) {
      expect(ids({ kind: 'created', at: bucket.at })).toHaveLength(bucket.created);
      expect(ids({ kind: 'delivered', at: bucket.at })).toHaveLength(bucket.completed);
    }
    expect(ids({ kind: 'created', at: at(1) })).toEqual([2]);
    expect(ids({ kind: 'delivered', at: at(2) })).toEqual([1]);
    // A time that starts no bucket holds nothing.
    expect(ids({ kind: 'created', at: at(1) + 1 })).toEqual([]);
  });

  it('match each branch’s row and each status’s ended spells', () => {
    for (const b of figures.branches) expect(ids({ kind: 'branch', branch: b.branch })).toHaveLength(b.jobs);
    expect(ids({ kind: 'branch', branch: 'BER-01' })).toEqual([2]);
    for (const t of figures.timeInStatus)
      expect(list({ kind: 'spells', status: t.status }).units).toBe(t.spells);
    expect(ids({ kind: 'spells', status: 3 })).toEqual([1, 2]);
  });
});
