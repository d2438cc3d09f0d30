import { describe, expect, it } from 'vitest';
import {
  adoptShapeResults,
  shapeResults,
  validatePolygon,
  validateZones,
  type GeoIssue,
} from '../../../src/geo';
import { findSelfIntersections } from '../../../src/geo/intersect';
import {
  acrossAntimeridian,
  bowTie,
  circle,
  collection,
  feature,
  hole,
  outer,
  reversed,
  spike,
  square,
} from './fixtures';

const codes = (issues: GeoIssue[]) => issues.map((i) => i.code);

describe('validatePolygon: valid shapes', () => {
  it('accepts a square in either winding', () => {
    expect(validatePolygon([square(0, 0)])).toEqual([]);
    expect(validatePolygon([reversed(square(0, 0))])).toEqual([]);
  });

  it('accepts a polygon with a hole, whatever the winding of the hole', () => {
    expect(validatePolygon([outer, hole])).toEqual([]);
    expect(validatePolygon([outer, reversed(hole)])).toEqual([]);
  });

  it('accepts a concave ring with a collinear (straight-through) vertex', () => {
    expect(
      validatePolygon([
        [
          [0, 0],
          [2, 0],
          [4, 0],
          [4, 4],
          [2, 1],
          [0, 4],
          [0, 0],
        ],
      ]),
    ).toEqual([]);
  });
});

describe('validatePolygon: self-intersection', () => {
  it('reports the crossing point of a bow-tie', () => {
    const issues = validatePolygon([bowTie]);
    expect(issues).toEqual([
      {
        code: 'self_intersection',
        ring: 0,
        position: [1, 1],
        detail: { kind: 'crossing', at: '1.000000, 1.000000 (lat, lon)', others: 0 },
        message: "The zone's edges cross near 1.000000, 1.000000 (lat, lon).",
      },
    ]);
  });

  it('reports a spike (the ring doubles back along itself)', () => {
    const [issue] = validatePolygon([spike]);
    expect(issue).toMatchObject({ code: 'self_intersection', ring: 0, position: [4, 6] });
    expect(issue!.message).toMatch(
      /^The zone's outline doubles back on itself at 6\.000000, 4\.000000 \(lat, lon\)/,
    );
  });

  it('reports a spike at the first point of the ring', () => {
    const rotated = [
      [4, 6],
      [4, 2],
      [0, 4],
      [0, 0],
      [4, 0],
      [4, 4],
      [4, 6],
    ];
    expect(validatePolygon([rotated])[0]).toMatchObject({ code: 'self_intersection', position: [4, 6] });
  });

  it('reports a ring that collapses onto a line', () => {
    expect(
      codes(
        validatePolygon([
          [
            [0, 0],
            [1, 1],
            [2, 2],
            [0, 0],
          ],
        ]),
      ),
    ).toEqual(['self_intersection']);
  });

  it('reports a ring that passes through the same point twice (figure eight)', () => {
    const eight = [
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ];
    const [issue] = validatePolygon([eight]);
    expect(issue).toMatchObject({ code: 'self_intersection', position: [1, 1] });
    expect(issue!.message).toContain('passes through 1.000000, 1.000000 (lat, lon) more than once');
  });

  it('finds a point passed twice among many corners sharing its longitude, and counts 0 and -0 as one', () => {
    const revisits = (corners: number[][]) =>
      findSelfIntersections(corners).flatMap((f) => (f.kind === 'revisit' ? [f.position] : []));
    const comb = [
      [0, 0],
      [5, 0],
      [5, 1],
      [1, 1],
      [1, 2],
      [5, 2],
      [5, 3],
      [1, 3],
      [1, 2],
    ];
    expect(revisits(comb)).toEqual([[1, 2]]);
    const signed = [
      [-0, 1],
      [2, 0],
      [2, 2],
      [0, 1],
      [1, 3],
    ];
    expect(revisits(signed)).toEqual([[0, 1]]);
  });

  it('reports a vertex that touches another edge', () => {
    const touching = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 0],
      [0, 4],
      [0, 0],
    ];
    expect(validatePolygon([touching])[0]).toMatchObject({ code: 'self_intersection', position: [2, 0] });
  });

  it('counts the other crossing places in the message', () => {
    const zigzag = [
      [0, 0],
      [3, 3],
      [3, 0],
      [2, 3],
      [1, 0],
      [0, 3],
      [0, 0],
    ];
    expect(validatePolygon([zigzag])[0]!.message).toMatch(/\(and at \d+ other places\)\.$/);
  });

  it('names the hole whose edges cross', () => {
    const crossedHole = [
      [2, 2],
      [4, 4],
      [4, 2],
      [2, 4],
      [2, 2],
    ];
    expect(validatePolygon([outer, crossedHole])).toEqual([
      {
        code: 'self_intersection',
        ring: 1,
        position: [3, 3],
        detail: { kind: 'crossing', at: '3.000000, 3.000000 (lat, lon)', others: 0 },
        message: 'The edges of hole 1 cross near 3.000000, 3.000000 (lat, lon).',
      },
    ]);
  });
});

describe('validatePolygon: structure', () => {
  it('reports consecutive duplicate positions', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ]);
    expect(issues).toEqual([
      {
        code: 'duplicate_position',
        ring: 0,
        position: [1, 0],
        detail: { kind: 'duplicate', at: '0.000000, 1.000000 (lat, lon)', point: 2, others: 0 },
        message:
          "The zone's outline repeats the point 0.000000, 1.000000 (lat, lon) twice in a row (points 2 and 3).",
      },
    ]);
  });

  it('reports a ring that does not end at its first point', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
    ]);
    expect(codes(issues)).toEqual(['not_closed']);
    expect(issues[0]!.message).toBe(
      "The zone's outline does not end at its first point: it starts at 0.000000, 0.000000 (lat, lon) and ends at 1.000000, 0.000000 (lat, lon).",
    );
  });

  it('reports too few positions', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [1, 0],
        [0, 0],
      ],
    ]);
    expect(codes(issues)).toEqual(['too_few_positions']);
    expect(issues[0]!.message).toBe(
      "The zone's outline has 3 points; it needs at least 4 (3 corners and a closing point that repeats the first).",
    );
  });

  it('reports too few distinct corners', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [1, 0],
        [1, 0],
        [0, 0],
      ],
    ]);
    expect(codes(issues)).toEqual(['duplicate_position', 'too_few_positions']);
    expect(issues[1]!.message).toBe("The zone's outline has only 2 distinct corners; it needs at least 3.");
  });

  it('reports positions out of range, counting the others', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [200, 0],
        [200, 1],
        [0, 0],
      ],
    ]);
    expect(issues).toEqual([
      {
        code: 'out_of_range',
        ring: 0,
        position: [200, 0],
        detail: { kind: 'out_of_range', point: 2, latitude: null, longitude: 200, swapped: false, others: 1 },
        message:
          "Point 2 of the zone's outline is out of range: longitude 200 is not between -180 and 180; 1 other point has the same problem.",
      },
    ]);
  });

  it('suggests swapped coordinates when only latitude is out of range', () => {
    const [issue] = validatePolygon([
      [
        [51.5, -0.1],
        [51.6, 100],
        [51.6, -0.2],
        [51.5, -0.1],
      ],
    ]);
    expect(issue!.message).toContain(
      'latitude 100 is not between -90 and 90 (are longitude and latitude swapped?',
    );
  });

  it('reports NaN and infinite coordinates', () => {
    const issues = validatePolygon([
      [
        [0, 0],
        [NaN, 0],
        [1, Infinity],
        [0, 0],
      ],
    ]);
    expect(issues).toEqual([
      {
        code: 'not_finite',
        ring: 0,
        detail: { kind: 'not_finite', point: 2, value: '[NaN, 0]', others: 1 },
        message:
          "Point 2 of the zone's outline is not a pair of finite numbers (it is [NaN, 0]); 1 other point has the same problem.",
      },
    ]);
  });

  it('rejects a ring that crosses the 180° meridian', () => {
    const issues = validatePolygon([acrossAntimeridian]);
    expect(codes(issues)).toEqual(['antimeridian']);
    expect(issues[0]!.message).toContain('Zones may not cross the 180° meridian');
    expect(issues[0]!.message).toContain('spans 358.0° of longitude');
  });

  it('accepts a ring that touches the 180° meridian from one side', () => {
    expect(
      validatePolygon([
        [
          [179, -17],
          [180, -17],
          [180, -16],
          [179, -16],
          [179, -17],
        ],
      ]),
    ).toEqual([]);
  });

  it('reports a polygon without rings', () => {
    expect(codes(validatePolygon([]))).toEqual(['no_outline']);
  });
});

describe('validatePolygon: holes', () => {
  it('reports a hole outside the exterior', () => {
    const issues = validatePolygon([outer, reversed(square(20, 20))]);
    expect(issues).toEqual([
      {
        code: 'hole_outside',
        ring: 1,
        otherRing: 0,
        position: [20, 20],
        detail: { kind: 'hole_outside' },
        message: "Hole 1 lies outside the zone's outline; a hole must be inside the outline.",
      },
    ]);
  });

  it('reports a hole larger than the exterior', () => {
    expect(codes(validatePolygon([square(4, 4, 2), square(0, 0, 10)]))).toEqual(['hole_outside']);
  });

  it('reports a hole crossing the exterior, with the meeting point', () => {
    const [issue] = validatePolygon([outer, square(8, 4, 4)]);
    expect(issue).toMatchObject({ code: 'hole_outside', ring: 1, otherRing: 0 });
    expect(issue!.message).toMatch(/^Hole 1 meets the zone's outline at /);
    expect(issue!.position![0]).toBe(10);
  });

  it('reports holes that overlap and holes inside holes', () => {
    expect(validatePolygon([outer, square(2, 2, 3), square(4, 4, 3)])).toMatchObject([
      { code: 'holes_intersect', ring: 2, otherRing: 1 },
    ]);
    const nested = validatePolygon([outer, square(1, 1, 6), square(2, 2, 2)]);
    expect(nested).toEqual([
      {
        code: 'holes_intersect',
        ring: 2,
        otherRing: 1,
        position: [2, 2],
        detail: { kind: 'hole_in_hole', inner: 2, outer: 1 },
        message: 'Hole 2 lies inside hole 1; holes must not overlap.',
      },
    ]);
  });

  it('accepts several separate holes', () => {
    expect(validatePolygon([outer, square(1, 1), square(3, 3), square(6, 6, 2)])).toEqual([]);
  });
});

describe('validatePolygon: large rings', () => {
  const big = circle(10_000);

  it('accepts a 10,000-vertex ring', () => {
    expect(validatePolygon([big])).toEqual([]);
  });

  it('finds the one crossing in a 10,000-vertex ring', () => {
    const broken = big.map((p) => [...p]);
    [broken[5000], broken[5001]] = [broken[5001]!, broken[5000]!];
    const issues = validatePolygon([broken]);
    expect(codes(issues)).toEqual(['self_intersection']);
    const [lon, lat] = issues[0]!.position!;
    expect(Math.abs(lon - big[5000]![0]!)).toBeLessThan(1e-3);
    expect(Math.abs(lat - big[5000]![1]!)).toBeLessThan(1e-3);
  });
});

describe('validateZones', () => {
  it('reports each feature with id, name, area and vertex count', () => {
    const reports = validateZones(
      collection(
        feature(7, [square(0, 0)], { name: 'Equator' }),
        feature('bow', [bowTie]),
        feature(undefined, [outer, hole]),
      ),
    );
    expect(reports.map((r) => [r.id, r.index, r.name, codes(r.issues), r.vertexCount])).toEqual([
      ['7', 0, 'Equator', [], 4],
      ['bow', 1, null, ['self_intersection'], 4],
      [null, 2, null, [], 8],
    ]);
    // 1° x 1° at the equator is about 111.3 km x 110.6 km.
    expect(reports[0]!.areaKm2).toBeGreaterThan(12_250);
    expect(reports[0]!.areaKm2).toBeLessThan(12_400);
    expect(reports[2]!.areaKm2! / reports[0]!.areaKm2!).toBeCloseTo(96, 0);
  });

  it('gives the current result after an edit, when only names changed and when one zone was reshaped', () => {
    const north = feature('n', [square(0, 0)], { name: 'North' });
    const south = feature('s', [square(5, 5)], { name: 'South' });
    const first = validateZones(collection(north, south));
    expect(first.map((r) => codes(r.issues))).toEqual([[], []]);

    // A rename: new features and collection, the same coordinates. Names follow, shapes agree.
    const renamed = validateZones(collection({ ...north, properties: { name: 'Upper' } }, south));
    expect(renamed.map((r) => r.name)).toEqual(['Upper', 'South']);
    expect(renamed.map((r) => [r.areaKm2, r.vertexCount])).toEqual(
      first.map((r) => [r.areaKm2, r.vertexCount]),
    );

    // One zone redrawn as a bow tie: that zone reports it, the other is unchanged.
    const reshaped = validateZones(
      collection(north, { ...south, geometry: { type: 'Polygon', coordinates: [bowTie] } }),
    );
    expect(reshaped.map((r) => codes(r.issues))).toEqual([[], ['self_intersection']]);
    expect(reshaped[1]!.vertexCount).toBe(4);
    // And back: the original coordinates give the original result again.
    expect(validateZones(collection(north, south)).map((r) => codes(r.issues))).toEqual([[], []]);
  });

  it('reports features that are not polygons', () => {
    const reports = validateZones({
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
        { geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0)]] } },
        { geometry: null },
      ],
    });
    expect(reports.map((r) => r.issues[0]!.message)).toEqual([
      'This zone is a LineString, not a polygon; only polygons can be delivery zones.',
      'This zone is made of several separate polygons (a MultiPolygon); each part must be its own zone.',
      'This zone has no shape.',
    ]);
    expect(reports.every((r) => r.areaKm2 === null && r.issues[0]!.code === 'not_polygon')).toBe(true);
  });

  it('reads malformed coordinates as invalid instead of throwing', () => {
    const [report] = validateZones({
      features: [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], 'x', [1, 1], [0, 0]]] } }],
    });
    expect(codes(report!.issues)).toEqual(['not_finite']);
    expect(report!.areaKm2).toBeNull();
  });
});

describe('shape results made elsewhere (the editor checks its zones in a worker)', () => {
  // A worker receives and answers structured clones: JSON copies behave the same here.
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('gives each zone the report validateZones gives it, null for what is not a polygon', () => {
    const zones = collection(feature('a', [bowTie]), feature('b', [square(0, 0)]));
    const results = shapeResults(copy(zones));
    expect(results).toHaveLength(2);
    const reports = validateZones(zones);
    expect(results.map((r) => r && codes(r.issues))).toEqual(reports.map((r) => codes(r.issues)));
    expect(results[1]!.areaKm2).toBeCloseTo(reports[1]!.areaKm2!, 6);
    const notPolygon = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } }],
    };
    expect(shapeResults(notPolygon)).toEqual([null]);
  });

  it('are what validateZones then reports for those very zones, without checking them again', () => {
    const crossed = collection(feature('a', [bowTie]));
    const plain = collection(feature('b', [square(0, 0)]));
    // The bow tie's results adopted for the square: validateZones reads them instead of checking.
    adoptShapeResults(plain, shapeResults(copy(crossed)));
    expect(codes(validateZones(plain)[0]!.issues)).toEqual(['self_intersection']);
    // A copy of the square is other zones: checked as usual.
    expect(validateZones(copy(plain))[0]!.issues).toEqual([]);
  });

  it('never replace results already held', () => {
    const plain = collection(feature('b', [square(0, 0)]));
    expect(validateZones(plain)[0]!.issues).toEqual([]);
    adoptShapeResults(plain, shapeResults(collection(feature('a', [bowTie]))));
    expect(validateZones(plain)[0]!.issues).toEqual([]);
  });
});
