import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { Branch, Job } from '../../src/contract';
import { lateRule } from '../../src/rules/lateness';
import { TONE_COLORS, describeCluster, jobRoute, opsMapData } from '../../src/job-views/map-data';
import { branch as rawBranch, delivery, job as rawJob, pickup, rider } from './fixtures';

const config = RuntimeConfig.parse({
  statuses: {
    '1': { label: 'Created', tone: 'neutral' },
    '2': { label: 'Assigned', tone: 'info' },
    '7': { label: 'Delivered', tone: 'success', final: true },
  },
  lateGraceMinutes: 5,
});
const rule = lateRule(config);
/** Before any slot ends: nothing is late. */
const EARLY = 1_700_000_100;
/** Past the pickup's and the delivery's slot ends and grace: both open stops are late. */
const LATE = 1_700_010_000;

const at = (lat: number, lng: number) => ({ line1: 'x', latitude: lat, longitude: lng });
const makeJob = (id: number, overrides: Record<string, unknown> = {}) =>
  Job.parse({
    ...rawJob,
    id,
    order_id: `ORD-${id}`,
    pickups: [{ ...pickup, id: id * 10 + 1, address: at(51.5, -0.1) }],
    deliveries: [
      { ...delivery, id: id * 10 + 2, address: at(51.52, -0.12) },
      {
        ...delivery,
        id: id * 10 + 3,
        status: 7,
        address: { location: { type: 'Point', coordinates: [-0.14, 51.53] } },
      },
    ],
    rider: { ...rider, last_coordinates: { latitude: 51.51, longitude: -0.11 } },
    ...overrides,
  });
const branches = [Branch.parse(rawBranch)];
const ids = (fc: { features: { properties: { id: string } }[] }) => fc.features.map((f) => f.properties.id);

describe('opsMapData: what the operations map shows', () => {
  it('places each stop at its address, shaped by kind, coloured by its status tone, late ones marked', () => {
    const data = opsMapData([makeJob(1)], branches, LATE, rule, config);
    const stops = data.points.features;
    expect(stops.map((f) => [f.properties.id, f.properties.shape, f.geometry.coordinates])).toEqual([
      ['p:11', 'square', [-0.1, 51.5]],
      ['d:12', 'circle', [-0.12, 51.52]],
      ['d:13', 'circle', [-0.14, 51.53]],
    ]);
    const [p, d, done] = stops.map((f) => f.properties);
    expect(p!.color).toBe(TONE_COLORS.neutral); // status 1: Created
    expect(done!.color).toBe(TONE_COLORS.success); // status 7: Delivered
    expect([p!.alert, d!.alert, done!.alert]).toEqual([true, true, false]);
    expect(d!.label).toMatch(/^Job 1 · Delivery 1 · Created · late /);
    expect(p!.targets).toEqual([{ id: '1', label: 'Job 1 · order ORD-1' }]);
    expect(p!.keys).toEqual(['1']);
    expect(opsMapData([makeJob(1)], branches, EARLY, rule, config).summary.lateStops).toBe(0);
  });

  it('shows each rider once, apart from the stops, with every job they carry and how old the position is', () => {
    const data = opsMapData(
      [makeJob(1), makeJob(2), makeJob(3, { rider: null })],
      branches,
      EARLY,
      rule,
      config,
    );
    // Riders are never among the stops (which cluster).
    expect(data.points.features.filter((f) => f.properties.id.startsWith('r:'))).toEqual([]);
    const riders = data.riders.features;
    expect(riders).toHaveLength(1);
    expect(riders[0]!.properties).toMatchObject({
      id: 'r:17',
      shape: 'triangle',
      dim: false,
      label: 'Sam Rider · 2 jobs · last seen 1 min ago',
      keys: ['1', '2'],
    });
    expect(riders[0]!.geometry.coordinates).toEqual([-0.11, 51.51]);
    expect(riders[0]!.properties.targets.map((t) => t.id)).toEqual(['1', '2']);
    expect(data.summary).toMatchObject({ jobs: 3, riders: 1, placedRiders: 1, staleRiders: 0 });
  });

  it('fades a rider whose position is older than staleRiderMinutes, and says its age', () => {
    const seenAgo = (id: number, seconds: number) =>
      makeJob(id, {
        rider: {
          ...rider,
          id,
          name: `Rider ${id}`,
          last_coordinates: { latitude: 51.5, longitude: -0.1 },
          updated_at: EARLY - seconds,
        },
      });
    const data = opsMapData(
      [seenAgo(1, 35 * 60), seenAgo(2, 15 * 60), seenAgo(3, 15 * 60 + 1)],
      branches,
      EARLY,
      rule,
      config,
    );
    expect(data.riders.features.map((f) => [f.properties.label, f.properties.dim])).toEqual([
      ['Rider 1 · 1 job · stale: last seen 35 min ago', true],
      ['Rider 2 · 1 job · last seen 15 min ago', false],
      ['Rider 3 · 1 job · stale: last seen 15 min ago', true],
    ]);
    expect(data.summary).toMatchObject({ riders: 3, placedRiders: 3, staleRiders: 2 });
    // The threshold is the runtime config's.
    const lenient = RuntimeConfig.parse({ ...config, staleRiderMinutes: 60 });
    expect(opsMapData([seenAgo(1, 35 * 60)], branches, EARLY, rule, lenient).summary.staleRiders).toBe(0);
  });

  it('lists what has no position, and counts it apart from what is placed', () => {
    const job = makeJob(4, {
      pickups: [{ ...pickup, id: 41, address: null }],
      deliveries: [{ ...delivery, id: 42, address: { line1: '1 High St', city: 'London' } }],
      rider: { ...rider, id: 9, name: 'Lee', last_coordinates: { latitude: null, longitude: null } },
    });
    const data = opsMapData([job, makeJob(5)], branches, LATE, rule, config);
    expect(data.unplacedStops).toEqual([
      { jobId: 4, kind: 'pickup', index: 0, stopId: 41, noAddress: true, late: true },
      { jobId: 4, kind: 'delivery', index: 0, stopId: 42, noAddress: false, late: true },
    ]);
    expect(data.unplacedRiders).toEqual([{ riderId: 9, name: 'Lee', jobIds: [4] }]);
    expect(data.summary).toEqual({
      jobs: 2,
      stops: 5,
      placedStops: 3,
      lateStops: 4,
      placedLateStops: 2,
      riders: 2,
      placedRiders: 1,
      staleRiders: 1,
      branches: 1,
    });
    expect(data.positions.get(4)).toEqual([]);
  });

  it('shows the jobs’ branches with their zones from the branch list, and says when there is no list', () => {
    const listed = opsMapData([makeJob(1)], branches, EARLY, rule, config);
    expect(ids(listed.branches)).toEqual(['b:LDN-01']);
    expect(listed.branches.features[0]!.geometry.coordinates).toEqual([-0.12, 51.51]);
    expect(listed.zones.features).toHaveLength(1);
    expect(listed.zonesState).toBe('shown');
    const unlisted = opsMapData([makeJob(1)], null, EARLY, rule, config);
    expect(unlisted.zones.features).toHaveLength(0);
    expect(unlisted.zonesState).toBe('unlisted');
    expect(opsMapData([makeJob(1)], undefined, EARLY, rule, config).zonesState).toBe('loading');
    const withoutZones = [Branch.parse({ ...rawBranch, delivery_zones: null })];
    expect(opsMapData([makeJob(1)], withoutZones, EARLY, rule, config).zonesState).toBe('none');
  });

  it('without any coordinates, still shows the branches and fits to them', () => {
    const bare = makeJob(6, {
      pickups: [{ ...pickup, id: 61, address: { line1: 'x' } }],
      deliveries: [{ ...delivery, id: 62, address: { line1: 'y' } }],
      rider: { ...rider, last_coordinates: { latitude: null, longitude: null } },
    });
    const data = opsMapData([bare], null, EARLY, rule, config);
    expect(data.points.features).toHaveLength(0);
    expect(data.riders.features).toHaveLength(0);
    expect(data.summary).toMatchObject({ stops: 2, placedStops: 0, riders: 1, placedRiders: 0, branches: 1 });
    expect(ids(data.branches)).toEqual(['b:LDN-01']);
    expect(data.bounds).toEqual([-0.12, 51.51, -0.12, 51.51]);
  });

  it('bounds what is placed, and knows each job’s positions for "zoom to"', () => {
    const data = opsMapData([makeJob(1)], branches, EARLY, rule, config);
    expect(data.bounds).toEqual([-0.14, 51.5, -0.1, 51.53]);
    expect(data.positions.get(1)).toEqual([
      [-0.1, 51.5],
      [-0.12, 51.52],
      [-0.14, 51.53],
      [-0.11, 51.51],
    ]);
    expect(opsMapData([], branches, EARLY, rule, config).bounds).toBeNull();
  });
});

describe('describeCluster', () => {
  it('counts stops and late ones', () => {
    const data = opsMapData([makeJob(1)], branches, LATE, rule, config);
    expect(describeCluster(data.points.features.map((f) => f.properties))).toBe('3 stops · 2 late');
    expect(describeCluster(data.points.features.slice(2, 3).map((f) => f.properties))).toBe('1 stop');
  });
});

describe('jobRoute: one job on a small map', () => {
  it('joins the branch, then the pickups, then the deliveries in order, and the rider to the next open stop', () => {
    const route = jobRoute(makeJob(1), EARLY, rule, config);
    expect(route.lines.features.map((f) => [f.properties.dashed ?? false, f.geometry.coordinates])).toEqual([
      [
        false,
        [
          [-0.12, 51.51],
          [-0.1, 51.5],
          [-0.12, 51.52],
          [-0.14, 51.53],
        ],
      ],
      [
        true,
        [
          [-0.11, 51.51],
          [-0.1, 51.5],
        ],
      ],
    ]);
    expect(route.points.features.map((f) => f.properties.text)).toEqual(['P1', 'D1', 'D2', undefined]);
    expect(ids(route.branch)).toEqual(['b:LDN-01']);
    expect(route.unplaced).toEqual([]);
    // The rider says how old the position is, and fades once it is stale.
    expect(route.rider).toEqual({ seen: 'last seen 1 min ago', stale: false });
    expect(route.points.features[3]!.properties).toMatchObject({
      label: 'Sam Rider · last seen 1 min ago',
      dim: false,
    });
    const stale = jobRoute(makeJob(1), LATE, rule, config);
    expect(stale.rider).toEqual({ seen: 'last seen 2 h 46 min ago', stale: true });
    expect(stale.points.features[3]!.properties).toMatchObject({
      label: 'Sam Rider · stale: last seen 2 h 46 min ago',
      dim: true,
    });
  });

  it('leads the rider to the first stop still open, and names what it could not place', () => {
    const job = makeJob(2, {
      pickups: [{ ...pickup, id: 21, completed: true, address: at(51.5, -0.1) }],
      deliveries: [
        { ...delivery, id: 22, address: null },
        { ...delivery, id: 23, address: at(51.53, -0.14) },
      ],
    });
    const route = jobRoute(job, EARLY, rule, config);
    expect(route.lines.features[1]!.geometry.coordinates).toEqual([
      [-0.11, 51.51],
      [-0.14, 51.53],
    ]);
    expect(route.unplaced).toEqual(['Delivery 1']);
    const riderless = jobRoute(
      makeJob(3, { rider: { ...rider, last_coordinates: { latitude: null, longitude: null } } }),
      EARLY,
      rule,
      config,
    );
    expect(riderless.unplaced).toEqual(['the rider']);
    expect(riderless.rider).toBeNull();
    expect(riderless.lines.features).toHaveLength(1);
  });
});
