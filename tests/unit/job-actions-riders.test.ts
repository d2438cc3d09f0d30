/** The riders a reassignment offers, and the statuses a bulk move offers, from the jobs the browser holds. */
import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../src/geo';
import { isFinalStatus } from '../../src/rules/lateness';
import { commonNextStatuses } from '../../src/job-views/actions/action-words';
import { nextStopPosition, riderChoices } from '../../src/job-views/actions/rider-choices';
import { MIN, NOW, config, makeJob, rider } from './rules-fixtures';

const rule = { isFinal: (code: number) => isFinalStatus(config, code), staleSeconds: 15 * MIN };
const at = (lat: number, lon: number) => ({ latitude: lat, longitude: lon });

describe('distanceKm', () => {
  it('measures London to Paris as about 344 km, either way', () => {
    expect(distanceKm([-0.1276, 51.5072], [2.3522, 48.8566])).toBeCloseTo(343.5, 0);
    expect(distanceKm([2.3522, 48.8566], [-0.1276, 51.5072])).toBeCloseTo(343.5, 0);
    expect(distanceKm([0, 10], [0, 10])).toBe(0);
  });
});

describe('riderChoices', () => {
  const target = makeJob(1, {
    rider: null,
    status: 1,
    pickups: [{ address: { latitude: 51.5, longitude: -0.1 } }],
  });

  it('offers each rider once, nearest to the next open stop first, with its open load and position age', () => {
    const near = { ...rider(2 * MIN, 21), name: 'Near', last_coordinates: at(51.51, -0.1) };
    const far = { ...rider(40 * MIN, 22), name: 'Far', last_coordinates: at(52.5, -0.1) };
    const nowhere = {
      ...rider(MIN, 23),
      name: 'Nowhere',
      last_coordinates: { latitude: null, longitude: null },
    };
    const jobs = [
      target,
      makeJob(2, { rider: far }),
      makeJob(3, { rider: near }),
      makeJob(4, { rider: near }),
      makeJob(5, { rider: near, status: 7 }), // delivered: not open load
      makeJob(6, { rider: nowhere }),
    ];
    const choices = riderChoices([target], jobs, NOW, rule);
    expect(choices.map((c) => c.rider.name)).toEqual(['Near', 'Far', 'Nowhere']);
    const [n, f, x] = choices;
    expect(n!.openLoad).toBe(2);
    expect(n!.distanceKm).toBeCloseTo(1.1, 1);
    expect(n!.positionAge).toBe(2 * MIN);
    expect(n!.stale).toBe(false);
    expect(f!.distanceKm).toBeCloseTo(111.2, 0);
    expect(f!.stale).toBe(true);
    expect(x!.distanceKm).toBeNull();
    expect(x!.positionAge).toBeNull();
  });

  it('takes the newest copy of a rider and marks the job’s own', () => {
    const old = { ...rider(30 * MIN, 31), last_coordinates: at(51.6, -0.1) };
    const fresh = { ...rider(MIN, 31), last_coordinates: at(51.5, -0.1) };
    const own = makeJob(7, { rider: fresh, pickups: [{ address: { latitude: 51.5, longitude: -0.1 } }] });
    const [choice] = riderChoices([own], [makeJob(8, { rider: old }), own], NOW, rule);
    expect(choice!.positionAge).toBe(MIN);
    expect(choice!.distanceKm).toBe(0);
    expect(choice!.carries).toBe(1);
    expect(choice!.openLoad).toBe(1); // job 8; the job itself not counted
  });

  it('for several jobs, measures from the farthest of their next stops and leaves them out of the load', () => {
    const here = makeJob(11, { rider: null, status: 1, pickups: [{ address: at(51.5, -0.1) }] });
    const there = makeJob(12, { rider: null, status: 1, pickups: [{ address: at(51.6, -0.1) }] });
    const near = { ...rider(MIN, 41), name: 'Near', last_coordinates: at(51.5, -0.1) };
    const has = makeJob(13, { rider: near, status: 1, pickups: [{ address: at(51.55, -0.1) }] });
    const [choice] = riderChoices(
      [here, there, has],
      [here, there, has, makeJob(14, { rider: near })],
      NOW,
      rule,
    );
    expect(choice!.distanceKm).toBeCloseTo(11.1, 1); // to job 12's stop, the farthest
    expect(choice!.openLoad).toBe(1); // job 14; the three to give not counted
    expect(choice!.carries).toBe(1);
  });

  it('finds no next stop when every stop is done', () => {
    const done = makeJob(9, { pickups: [{ completed: true }], deliveries: [{ completed: true }] });
    expect(nextStopPosition(done, rule)).toBeNull();
  });
});

describe('commonNextStatuses', () => {
  it('keeps the statuses every selected job offers, once each', () => {
    const a = { ...makeJob(1), next_status: [4, 2, 9] };
    const b = { ...makeJob(2), next_status: [9, 4] };
    expect(commonNextStatuses([a, b])).toEqual([4, 9]);
    expect(commonNextStatuses([{ ...a, next_status: [9, 9] }])).toEqual([9]);
    expect(commonNextStatuses([])).toEqual([]);
  });
});
