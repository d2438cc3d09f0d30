import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { Job } from '../../src/contract';
import { formatDuration } from '../../src/lib/duration';
import {
  formatLate,
  isFinalStatus,
  jobLateness,
  lateRule,
  lateSince,
  slotOf,
  stopLateness,
} from '../../src/rules/lateness';
import { job as rawJob } from './fixtures';

/** The fixture: a pickup with its slot ending at PICKUP_END, a delivery ending at DELIVERY_END. */
const job = Job.parse(rawJob);
const PICKUP_END = 1_700_003_600;
const DELIVERY_END = 1_700_007_200;
const MIN = 60;

const config = RuntimeConfig.parse({
  statuses: {
    '2': { label: 'Assigned', tone: 'info' },
    '7': { label: 'Delivered', tone: 'success', final: true },
    '9': { label: 'Cancelled', tone: 'muted', final: true },
  },
  lateGraceMinutes: 5,
});
const rule = lateRule(config);

describe('final statuses', () => {
  it('are the ones the config marks final; an unknown code is open work', () => {
    expect(isFinalStatus(config, 7)).toBe(true);
    expect(isFinalStatus(config, 2)).toBe(false);
    expect(isFinalStatus(config, 42)).toBe(false);
  });
});

describe('lateness of a stop', () => {
  const pickup = job.pickups[0]!;

  it('is late once its slot end plus the grace period has passed, counted from the slot end', () => {
    expect(stopLateness('pickup', pickup, 0, PICKUP_END, rule)).toMatchObject({
      open: true,
      late: false,
      lateBy: 0,
    });
    expect(stopLateness('pickup', pickup, 0, PICKUP_END + 5 * MIN, rule).late).toBe(false);
    expect(stopLateness('pickup', pickup, 0, PICKUP_END + 5 * MIN + 1, rule)).toMatchObject({
      kind: 'pickup',
      id: pickup.id,
      slotEnd: PICKUP_END,
      late: true,
      lateBy: 5 * MIN + 1,
    });
  });

  it('takes the grace period from the runtime config', () => {
    const strict = lateRule(RuntimeConfig.parse({ lateGraceMinutes: 0 }));
    expect(stopLateness('pickup', pickup, 0, PICKUP_END + 1, strict).late).toBe(true);
    const lenient = lateRule(RuntimeConfig.parse({ lateGraceMinutes: 60 }));
    expect(stopLateness('pickup', pickup, 0, PICKUP_END + 59 * MIN, lenient).late).toBe(false);
  });

  it('is never late once completed, in a final status, or when its job is final', () => {
    const later = PICKUP_END + 3 * 3600;
    expect(stopLateness('pickup', { ...pickup, completed: true }, 0, later, rule)).toMatchObject({
      open: false,
      late: false,
    });
    expect(stopLateness('pickup', { ...pickup, status: 9 }, 0, later, rule)).toMatchObject({
      open: false,
      late: false,
    });
    expect(stopLateness('pickup', pickup, 0, later, rule, true)).toMatchObject({ open: false, late: false });
    // A status the config does not mark final (Failed, say) leaves the stop open.
    expect(stopLateness('pickup', { ...pickup, status: 8 }, 0, later, rule).late).toBe(true);
  });

  it('is never late without a slot end', () => {
    expect(
      stopLateness('pickup', { ...pickup, pickup_slot_to: null }, 0, PICKUP_END * 2, rule),
    ).toMatchObject({
      open: true,
      late: false,
      slotEnd: null,
    });
  });
});

describe('lateness of a job', () => {
  it('is late when any open stop is, by its latest stop', () => {
    const now = DELIVERY_END + 10 * MIN;
    const result = jobLateness(job, now, rule);
    expect(result.late).toBe(true);
    expect(result.lateBy).toBe(now - PICKUP_END);
    expect(result.stops.map((s) => [s.kind, s.index, s.late])).toEqual([
      ['pickup', 0, true],
      ['delivery', 0, true],
    ]);
  });

  it('is not late when its late stops are done, or when the job is final', () => {
    const now = PICKUP_END + 30 * MIN; // the pickup's slot is past, the delivery's not yet
    expect(jobLateness(job, now, rule).late).toBe(true);
    const pickedUp = { ...job, pickups: job.pickups.map((p) => ({ ...p, completed: true })) };
    expect(jobLateness(pickedUp, now, rule)).toMatchObject({ late: false, lateBy: 0 });
    expect(jobLateness({ ...job, status: 7 }, DELIVERY_END * 2, rule).late).toBe(false);
    expect(jobLateness({ ...job, pickups: [], deliveries: [] }, now, rule)).toEqual({
      late: false,
      lateBy: 0,
      stops: [],
    });
  });
});

describe('where lateness counts from', () => {
  it('is the earliest open slot end, and orders jobs as their lateness does at any moment', () => {
    expect(lateSince(job, rule)).toBe(PICKUP_END);
    const pickedUp = { ...job, pickups: job.pickups.map((p) => ({ ...p, completed: true })) };
    expect(lateSince(pickedUp, rule)).toBe(DELIVERY_END);
    expect(lateSince({ ...job, status: 7 }, rule)).toBeNull();
    expect(lateSince({ ...job, pickups: [], deliveries: [] }, rule)).toBeNull();
    for (const now of [PICKUP_END, PICKUP_END + 6 * MIN, DELIVERY_END + 10 * MIN]) {
      for (const j of [job, pickedUp]) {
        const since = lateSince(j, rule)!;
        const { lateBy } = jobLateness(j, now, rule);
        expect(lateBy).toBe(now > since + rule.graceSeconds ? now - since : 0);
      }
    }
  });
});

describe('lateness in words', () => {
  it('says how late in the one wording of durations', () => {
    expect(formatLate(30)).toBe('late 30 s');
    expect(formatLate(12 * MIN + 59)).toBe('late 12 min');
    expect(formatLate(3 * 3600 + 5 * MIN)).toBe('late 3 h 05 min');
    expect(formatLate(26 * 3600 + 22 * MIN)).toBe('late 1 d 2 h');
    expect(formatLate(21 * 86_400 + 4 * 3600)).toBe('late 21 d 4 h');
  });

  it('describes a span as the status history does', () => {
    const span = 30 * 3600;
    expect(formatLate(span)).toBe(`late ${formatDuration(span)}`);
    expect(formatDuration(span)).toBe('1 d 6 h');
  });
});

describe('the slot of a stop', () => {
  it('reads a pickup’s and a delivery’s own slot fields', () => {
    expect(slotOf('pickup', job.pickups[0]!)).toEqual({ from: 1_700_000_000, to: PICKUP_END });
    expect(slotOf('delivery', job.deliveries[0]!)).toEqual({ from: PICKUP_END, to: DELIVERY_END });
    expect(slotOf('pickup', { ...job.pickups[0]!, pickup_slot_from: null })).toEqual({
      from: null,
      to: PICKUP_END,
    });
  });
});
