import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { dayFigures, figureRule } from '../../src/rules/day-figures';
import { lateRule } from '../../src/rules/lateness';
import {
  formatLastSeen,
  isStaleRider,
  riderPositionAge,
  riderRoster,
  staleRiderSeconds,
} from '../../src/rules/riders';
import { HOUR, MIN, NOW, config, makeJob, rider } from './rules-fixtures';

const STALE = staleRiderSeconds(config);
const unplaced = { ...rider(MIN), last_coordinates: { latitude: null, longitude: null } };

describe("a rider's position and its age", () => {
  it("is as old as the rider's updated_at (the interface gives no time of the fix)", () => {
    expect(riderPositionAge(rider(35 * MIN), NOW)).toBe(35 * MIN);
    expect(riderPositionAge(rider(0), NOW)).toBe(0);
  });

  it('has no age when the rider has no position, or half of one', () => {
    expect(riderPositionAge(unplaced, NOW)).toBeNull();
    expect(
      riderPositionAge({ ...rider(MIN), last_coordinates: { latitude: 51.5, longitude: null } }, NOW),
    ).toBe(null);
  });

  it('is stale once older, strictly, than staleRiderMinutes (15 by default)', () => {
    expect(STALE).toBe(15 * MIN);
    expect(staleRiderSeconds(RuntimeConfig.parse({}))).toBe(15 * MIN);
    expect(isStaleRider(rider(15 * MIN), NOW, STALE)).toBe(false);
    expect(isStaleRider(rider(15 * MIN + 1), NOW, STALE)).toBe(true);
    expect(isStaleRider(rider(HOUR), NOW, STALE)).toBe(true);
    expect(isStaleRider(rider(MIN), NOW, STALE)).toBe(false);
  });

  it('is never stale without a position: there is no position to show', () => {
    expect(isStaleRider({ ...unplaced, updated_at: NOW - 5 * HOUR }, NOW, STALE)).toBe(false);
  });

  it('is said in the one wording of durations', () => {
    expect(formatLastSeen(35 * MIN)).toBe('last seen 35 min ago');
    expect(formatLastSeen(HOUR + 5 * MIN)).toBe('last seen 1 h 05 min ago');
    // A clock ahead of the viewer's: never a negative age.
    expect(formatLastSeen(-30)).toBe('last seen 0 s ago');
  });
});

describe('the riders of the control room', () => {
  const rule = { late: lateRule(config), staleSeconds: STALE };

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

  it('keeps the newest copy of a rider met in several jobs, and counts a rider without a position as not reporting', () => {
    const roster = riderRoster(
      [
        makeJob(1, { rider: rider(30 * MIN, 5) }),
        makeJob(2, { rider: rider(2 * MIN, 5) }),
        makeJob(3, { rider: { ...unplaced, id: 6 } }),
      ],
      [],
      NOW,
      rule,
    );
    // By name: "Rider 17" (the one without a position) before "Rider 5".
    expect(roster.map((r) => [r.id, r.lastSeen, r.stale])).toEqual([
      [6, null, true],
      [5, NOW - 2 * MIN, false],
    ]);
  });
});
