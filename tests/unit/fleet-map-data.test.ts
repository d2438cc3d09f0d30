import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { Job } from '../../src/contract';
import { lateRule } from '../../src/rules/lateness';
import { describeFleetCluster, fleetMapData, type FleetMark } from '../../src/job-views/fleet-map-data';
import { TONE_COLORS } from '../../src/job-views/map-data';
import { delivery, job as rawJob, pickup, rider } from './fixtures';

const config = RuntimeConfig.parse({
  statuses: {
    '1': { label: 'Created', tone: 'neutral' },
    '2': { label: 'Assigned', tone: 'info' },
    '7': { label: 'Delivered', tone: 'success', final: true },
  },
  lateGraceMinutes: 5,
});
const rule = lateRule(config);
/** Before any slot ends. */
const EARLY = 1_700_000_100;
/** Past the pickup's and the delivery's slot ends and grace. */
const LATE = 1_700_010_000;

const at = (lat: number, lng: number) => ({ line1: 'x', latitude: lat, longitude: lng });
const makeJob = (id: number, overrides: Record<string, unknown> = {}) =>
  Job.parse({
    ...rawJob,
    id,
    order_id: `ORD-${id}`,
    pickups: [{ ...pickup, id: id * 10 + 1, status: 7, address: at(51.5, -0.1) }],
    deliveries: [{ ...delivery, id: id * 10 + 2, address: at(51.52, -0.12) }],
    rider: {
      ...rider,
      id: 100 + id,
      name: `Rider ${id}`,
      last_coordinates: { latitude: 51.51, longitude: -0.11 },
    },
    ...overrides,
  });
const NO_MARKS = new Map<number, FleetMark>();

describe('fleetMapData: what the control room’s fleet map shows', () => {
  it('draws one marker per open job at its next open stop, coloured by status, and counts it', () => {
    const data = fleetMapData([makeJob(1), makeJob(2)], NO_MARKS, EARLY, rule, config);
    expect(data.jobs.features.map((f) => [f.properties.id, f.geometry.coordinates])).toEqual([
      ['j:1', [-0.12, 51.52]],
      ['j:2', [-0.12, 51.52]],
    ]);
    const first = data.jobs.features[0]!.properties;
    expect(first).toMatchObject({ shape: 'circle', alert: false, color: TONE_COLORS.info, keys: ['1'] });
    expect(first.targets).toEqual([{ id: '1', label: 'Job 1 · order ORD-1' }]);
    expect(data.counts).toMatchObject({ jobs: 2, placedJobs: 2, riders: 2, placedRiders: 2 });
  });

  it('rings late jobs and draws at-risk ones as diamonds, in the exceptions’ words', () => {
    const marks = new Map<number, FleetMark>([
      [1, { kind: 'late', text: 'late 2 h at delivery 1 of 1' }],
      [2, { kind: 'at-risk', text: 'slot ends in 10 min at delivery 1 of 1' }],
    ]);
    const data = fleetMapData([makeJob(1), makeJob(2), makeJob(3)], marks, LATE, rule, config);
    const [late, risk, plain] = data.jobs.features.map((f) => f.properties);
    expect([late!.alert, late!.shape]).toEqual([true, 'circle']);
    expect([risk!.alert, risk!.shape]).toEqual([false, 'diamond']);
    expect([plain!.alert, plain!.shape]).toEqual([false, 'circle']);
    expect(late!.label).toBe('Job 1 · order ORD-1 · Assigned · late 2 h at delivery 1 of 1');
    expect(data.counts).toMatchObject({ late: 1, placedLate: 1, atRisk: 1, placedAtRisk: 1 });
    expect(describeFleetCluster([late!, risk!, plain!])).toBe('3 jobs · 1 late · 1 at risk');
  });

  it('counts a job with no stop position without placing it, and names riders with their position’s age', () => {
    const nowhere = makeJob(4, {
      pickups: [{ ...pickup, id: 41, address: null }],
      deliveries: [{ ...delivery, id: 42, address: { line1: 'somewhere' } }],
      rider: {
        ...rider,
        id: 104,
        name: 'Sam Stale',
        updated_at: EARLY - 3600,
        last_coordinates: at(51.6, -0.2),
      },
    });
    const data = fleetMapData([makeJob(1), nowhere], NO_MARKS, EARLY, rule, config);
    expect(data.unplaced).toEqual([4]);
    expect(data.counts).toMatchObject({ jobs: 2, placedJobs: 1, placedRiders: 2, staleRiders: 1 });
    const stale = data.riders.features.find((f) => f.properties.id === 'r:104')!.properties;
    expect(stale.dim).toBe(true);
    expect(stale.label).toMatch(/^Sam Stale · 1 job · stale: last seen 1 h/);
    // The job placed is centred with its rider's position beside it.
    expect(data.positions.get(1)).toEqual([
      [-0.12, 51.52],
      [-0.11, 51.51],
    ]);
    expect(data.bounds).toEqual([-0.12, 51.52, -0.12, 51.52]);
  });

  it('writes each rider’s name beside the marker, telling riders who share a name apart by reference id', () => {
    const sharing = (id: number, riderId: number, reference_id: string) =>
      makeJob(id, {
        rider: { ...rider, id: riderId, name: 'Ana Silva', reference_id, last_coordinates: at(51.5, -0.1) },
      });
    const data = fleetMapData(
      [makeJob(1), sharing(2, 201, 'R-201'), sharing(3, 202, ''), makeJob(4)],
      NO_MARKS,
      EARLY,
      rule,
      config,
    );
    const names = Object.fromEntries(data.riders.features.map((f) => [f.properties.id, f.properties.name]));
    expect(names).toEqual({
      'r:101': 'Rider 1',
      'r:201': 'Ana Silva · R-201',
      'r:202': 'Ana Silva · #202',
      'r:104': 'Rider 4',
    });
    // The tooltip leads with the same words.
    const second = data.riders.features.find((f) => f.properties.id === 'r:202')!.properties;
    expect(second.label).toMatch(/^Ana Silva · #202 · 1 job · last seen/);
  });
});
