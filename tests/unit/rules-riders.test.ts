import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { formatLastSeen, isStaleRider, riderPositionAge, staleRiderSeconds } from '../../src/rules/riders';
import { HOUR, MIN, NOW, config, rider } from './rules-fixtures';

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
