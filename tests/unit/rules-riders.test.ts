import { describe, expect, it } from 'vitest';
import { dayFigures, figureRule } from '../../src/rules/day-figures';
import { lateRule } from '../../src/rules/lateness';
import { isStaleRider, positionAge, riderRoster } from '../../src/rules/riders';
import { HOUR, MIN, NOW, config, makeJob, rider } from './rules-fixtures';

const rule = { late: lateRule(config), staleSeconds: config.staleRiderMinutes * 60 };

describe('a rider’s position', () => {
  it('is aged by the rider’s updated_at, and stale only past the threshold', () => {
    expect(positionAge(rider(5 * MIN), NOW)).toBe(5 * MIN);
    expect(isStaleRider(rider(15 * MIN), NOW, 15 * MIN)).toBe(false);
    expect(isStaleRider(rider(15 * MIN + 1), NOW, 15 * MIN)).toBe(true);
  });

  it('is missing, and so stale, when either coordinate is missing', () => {
    const lost = { ...rider(MIN), last_coordinates: { latitude: 51.5, longitude: null } };
    expect(positionAge(lost, NOW)).toBeNull();
    expect(isStaleRider(lost, NOW, 15 * MIN)).toBe(true);
  });
});

describe('the riders of the control room', () => {
  it('lists on-duty riders first with their open jobs and late stops, then riders seen only in the window', () => {
    const busy = rider(MIN, 1);
    const silent = rider(40 * MIN, 2);
    const home = rider(3 * HOUR, 3);
    const open = [
      makeJob(10, { rider: busy, deliveries: [{ delivery_slot_to: NOW - HOUR }, {}] }),
      makeJob(11, { rider: busy }),
      makeJob(12, { rider: silent }),
      makeJob(13, { rider: null }),
    ];
    const window = [makeJob(20, { rider: home, status: 7, since: NOW - 2 * HOUR }), open[2]!];
    const figures = dayFigures(
      window,
      { from: NOW - 12 * HOUR, to: NOW + 12 * HOUR },
      NOW,
      figureRule(config),
    );
    const roster = riderRoster(open, figures.riders, NOW, rule);
    expect(roster.map((r) => [r.id, r.open.map((j) => j.id), r.lateStops, r.stale])).toEqual([
      [1, [10, 11], 1, false],
      [2, [12], 0, true],
      [3, [], 0, true],
    ]);
    expect(roster[1]!.window?.jobs).toBe(1);
    expect(roster[2]).toMatchObject({ lastSeen: NOW - 3 * HOUR, window: { jobs: 1, completed: 1 } });
  });

  it('keeps the newest copy of a rider met in several jobs', () => {
    const older = rider(30 * MIN, 5);
    const newer = rider(2 * MIN, 5);
    const roster = riderRoster([makeJob(1, { rider: older }), makeJob(2, { rider: newer })], [], NOW, rule);
    expect(roster).toHaveLength(1);
    expect(roster[0]).toMatchObject({ lastSeen: NOW - 2 * MIN, stale: false });
  });
});
