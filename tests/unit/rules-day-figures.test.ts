import { describe, expect, it } from 'vitest';
import { dayFigures, figureRule, quantile } from '../../src/rules/day-figures';
import { HOUR, MIN, NOW, config, entry, makeJob, rider } from './rules-fixtures';

const rule = figureRule(config);
/** The window: 24 hours from W0; now is W0 + 10 h. */
const W0 = NOW - 10 * HOUR;
const window = { from: W0, to: W0 + 24 * HOUR };
const at = (hours: number) => W0 + hours * HOUR;
const done = { status: 5, completed: true };

const jobs = [
  // Delivered on time in 2 h; its delivery has no history: finished at its updated_at.
  makeJob(1, {
    status: 7,
    created: at(0.5),
    history: [
      entry(1, at(0.5)),
      entry(2, at(0.5) + 10 * MIN),
      entry(3, at(0.5) + 20 * MIN),
      entry(7, at(2.5)),
    ],
    pickups: [done],
    deliveries: [{ status: 7, completed: true, updated_at: at(2.5), delivery_slot_to: at(3) }],
  }),
  // Delivered in 3 h: one delivery late, one without a slot end.
  makeJob(2, {
    status: 7,
    created: at(1),
    history: [entry(1, at(1)), entry(3, at(1.5)), entry(7, at(4))],
    pickups: [done],
    deliveries: [
      { status: 7, delivery_slot_to: at(3), status_history: [{ status: 7, remarks: '', created_at: at(4) }] },
      { status: 7, delivery_slot_to: null, status_history: [{ status: 7, remarks: '', created_at: at(3) }] },
    ],
  }),
  // Delivered on time in 3 h after a failed attempt (its history, not its updated_at, says when).
  makeJob(3, {
    status: 7,
    created: at(2),
    history: [entry(1, at(2)), entry(6, at(2.5)), entry(7, at(5))],
    pickups: [done],
    deliveries: [
      {
        status: 7,
        updated_at: at(7),
        delivery_slot_to: at(6),
        status_history: [
          { status: 8, remarks: 'Customer not home', created_at: at(3) },
          { status: 6, remarks: '', created_at: at(3.5) },
          { status: 7, remarks: '', created_at: at(5) },
        ],
      },
    ],
  }),
  // Failed then returned: one failure per delivery, one of them without a remark.
  makeJob(4, {
    status: 10,
    created: at(1),
    history: [entry(1, at(1)), entry(6, at(2)), entry(8, at(3), 'Customer not home'), entry(10, at(4))],
    pickups: [done],
    deliveries: [
      {
        status: 10,
        status_history: [
          { status: 8, remarks: '  customer  not HOME. ', created_at: at(3) },
          { status: 10, remarks: 'Returned to branch', created_at: at(4) },
        ],
      },
      { status: 8, status_history: [{ status: 8, remarks: '', created_at: at(3) }] },
    ],
  }),
  makeJob(5, {
    status: 9,
    created: at(4),
    history: [entry(1, at(4)), entry(9, at(5))],
    deliveries: [{ status: 9 }],
  }),
  // Open and late, carrying its parcels.
  makeJob(6, {
    status: 6,
    created: at(5),
    history: [entry(1, at(5)), entry(6, at(6))],
    rider: rider(20 * MIN, 21),
    pickups: [done],
    deliveries: [{ status: 6, in_progress: true, delivery_slot_to: NOW - 20 * MIN }],
  }),
  // Open, on its way to the pickup.
  makeJob(7, {
    status: 2,
    created: at(9),
    history: [entry(1, at(9)), entry(2, NOW - 10 * MIN)],
    rider: rider(5 * MIN, 21),
  }),
  makeJob(8, {
    status: 8,
    created: at(2),
    history: [entry(1, at(2)), entry(8, at(6), 'Address not found')],
    rider: null,
    branch: 'BER-01',
    deliveries: [
      { status: 8, status_history: [{ status: 8, remarks: 'Address not found', created_at: at(6) }] },
    ],
  }),
];
const figures = dayFigures(jobs, window, NOW, rule);

describe('the outcome of a status', () => {
  it('is the config’s for a final status, success when it names none, none for open work', () => {
    expect([7, 8, 9, 10, 11].map(rule.outcome)).toEqual([
      'success',
      'failure',
      'cancelled',
      'failure',
      'success',
    ]);
    expect([1, 6, 42].map(rule.outcome)).toEqual([null, null, null]);
  });
});

describe('the day’s tiles', () => {
  it('count the jobs by outcome, and the open ones late now', () => {
    const { tiles } = figures;
    expect(
      [tiles.jobs, tiles.completed, tiles.failed, tiles.cancelled, tiles.open, tiles.lateNow].map(
        (f) => f.value,
      ),
    ).toEqual([8, 3, 2, 1, 2, 1]);
    expect(tiles.completed.note).toBe('of 8 jobs');
    expect(tiles.lateNow).toEqual({ value: 1, basis: 2, skipped: 0, note: 'of 2 open jobs' });
  });

  it('give the on-time rate over the deliveries completed with a slot end, and say what they left out', () => {
    expect(figures.tiles.onTime).toEqual({
      value: 2 / 3,
      basis: 4,
      skipped: 1,
      note: '4 deliveries completed; 1 without a slot end',
    });
  });

  it('give the first-attempt rate and the median time from created to delivered over the jobs delivered', () => {
    expect(figures.tiles.firstAttempt).toEqual({
      value: 2 / 3,
      basis: 3,
      skipped: 0,
      note: '3 jobs delivered',
    });
    expect(figures.tiles.medianToDelivered).toMatchObject({ value: 3 * HOUR, basis: 3 });
  });

  it('have no rate where nothing rests under it', () => {
    const empty = dayFigures([], window, NOW, rule);
    expect(empty.tiles.onTime).toEqual({
      value: null,
      basis: 0,
      skipped: 0,
      note: '0 deliveries completed',
    });
    expect(empty.tiles.medianToDelivered.value).toBeNull();
  });
});

describe('the charts’ data', () => {
  it('counts jobs created and delivered per hour of the window', () => {
    expect(figures.step).toBe(HOUR);
    expect(figures.createdCompleted).toHaveLength(24);
    expect(figures.createdCompleted[1]).toEqual({ at: at(1), created: 2, completed: 0 });
    expect(figures.createdCompleted.slice(0, 10).map((b) => b.created)).toEqual([
      1, 2, 2, 0, 1, 1, 0, 0, 0, 1,
    ]);
    expect(figures.createdCompleted.slice(0, 10).map((b) => b.completed)).toEqual([
      0, 0, 1, 0, 1, 1, 0, 0, 0, 0,
    ]);
  });

  it('counts per day when the window is over two days', () => {
    const long = dayFigures(jobs, { from: W0, to: W0 + 3 * 86_400 }, NOW, rule);
    expect(long.step).toBe(86_400);
    expect(long.createdCompleted).toEqual([
      { at: W0, created: 8, completed: 3 },
      { at: W0 + 86_400, created: 0, completed: 0 },
      { at: W0 + 2 * 86_400, created: 0, completed: 0 },
    ]);
    expect(long.openByStatus).toEqual([{ at: W0, total: 0, byStatus: {} }]);
  });

  it('rebuilds the open work by status at each hour up to now from the status histories', () => {
    expect(figures.openByStatus).toHaveLength(11);
    expect(figures.openByStatus.map((p) => p.total)).toEqual([0, 3, 5, 3, 3, 2, 1, 1, 1, 2, 2]);
    expect(figures.openByStatus[2]).toEqual({ at: at(2), total: 5, byStatus: { 1: 2, 3: 2, 6: 1 } });
    expect(figures.openByStatus[10]!.byStatus).toEqual({ 2: 1, 6: 1 });
  });

  it('gives the median and 90th percentile of the time spent in each status, over spells that ended', () => {
    expect(figures.timeInStatus).toEqual([
      { status: 1, spells: 8, median: 55 * MIN, p90: 114 * MIN },
      { status: 2, spells: 1, median: 10 * MIN, p90: 10 * MIN },
      { status: 3, spells: 2, median: 125 * MIN, p90: 145 * MIN },
      { status: 6, spells: 2, median: 105 * MIN, p90: 141 * MIN },
      { status: 8, spells: 1, median: HOUR, p90: HOUR },
    ]);
  });
});

describe('per branch and per rider', () => {
  it('sums each branch, largest first', () => {
    expect(figures.branches.map((b) => [b.branch, b.jobs, b.completed, b.failedRate, b.lateNow])).toEqual([
      ['LDN-01', 7, 3, 1 / 4, 1],
      ['BER-01', 1, 0, 1, 0],
    ]);
    expect(figures.branches[0]!.onTime.value).toBe(2 / 3);
    expect(figures.branches[0]!.medianToDelivered.value).toBe(3 * HOUR);
    expect(figures.branches[1]!.onTime).toMatchObject({ value: null, basis: 0 });
  });

  it('sums each rider, with when they were last seen and the jobs they carry now', () => {
    expect(figures.riders).toEqual([
      expect.objectContaining({
        riderId: 17,
        jobs: 5,
        completed: 3,
        failed: 1,
        lateNow: 0,
        lastSeen: NOW - MIN,
        carrying: 0,
      }),
      expect.objectContaining({
        riderId: 21,
        jobs: 2,
        completed: 0,
        failed: 0,
        lateNow: 1,
        lastSeen: NOW - 5 * MIN,
        carrying: 1,
      }),
    ]);
    expect(figures.riders[0]!.onTime.value).toBe(2 / 3);
  });
});

describe('failure reasons', () => {
  it('groups the remarks of failed deliveries, one per failure, largest first, and counts those without one', () => {
    expect(figures.failureReasons).toEqual({
      reasons: [
        { reason: 'Customer not home', count: 2 },
        { reason: 'Address not found', count: 1 },
      ],
      figure: {
        value: 3,
        basis: 4,
        skipped: 1,
        note: 'failure reasons: 4 failed deliveries; 1 without a remark',
      },
    });
  });
});

describe('quantile', () => {
  it('interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20], 0.9)).toBe(19);
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });
});
