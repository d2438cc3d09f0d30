/**
 * Point-in-zone (holes, edges, the antimeridian), classifying points between the zones before
 * and after a change, and overlaps between zones of different branches (src/geo/coverage.ts),
 * on fixtures whose answers are known.
 */
import { describe, expect, it } from 'vitest';
import { polygonAreaKm2, validatePolygon } from '../../../src/geo';
import { classifyPoints, createCoverage, crossOwnerOverlaps, zonePolygons } from '../../../src/geo/coverage';
import { SLIVER_WIDTH_M } from '../../../src/geo/overlap';
import { acrossAntimeridian, collection, feature, hole, outer, reversed, square } from './fixtures';

const D = 0.01;
const squareKm2 = polygonAreaKm2([square(0, 0, D)]);
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(1e-3);

describe('createCoverage (point in zone)', () => {
  const covers = createCoverage([[outer, hole]]);

  it('is in inside the outline, out inside a hole and outside the outline', () => {
    expect(covers([1, 1])).toBe(true);
    expect(covers([5, 5])).toBe(false); // the hole (4..6)
    expect(covers([11, 5])).toBe(false);
    expect(covers([-0.5, 5])).toBe(false);
  });

  it('counts a point on an edge as in: the outline’s, a hole’s, a corner, within 1e-9°', () => {
    expect(covers([0, 5])).toBe(true); // west edge of the outline
    expect(covers([10, 10])).toBe(true); // a corner
    expect(covers([4, 5])).toBe(true); // west edge of the hole
    expect(covers([6, 6])).toBe(true); // a corner of the hole
    expect(covers([10 + 5e-10, 5])).toBe(true);
    expect(covers([10 + 1e-7, 5])).toBe(false);
  });

  it('reads either winding, and several zones: in any of them', () => {
    const both = createCoverage([[reversed(square(0, 0, 1))], [square(5, 5, 1)]]);
    expect(both([0.5, 0.5])).toBe(true);
    expect(both([5.5, 5.5])).toBe(true);
    expect(both([3, 3])).toBe(false);
    expect(createCoverage([])([0, 0])).toBe(false);
  });

  it('has no zone across the antimeridian to answer for: the editor refuses such a zone', () => {
    expect(validatePolygon([acrossAntimeridian]).map((i) => i.code)).toContain('antimeridian');
    // Two zones, one each side of 180°, as the editor asks them to be drawn.
    const fiji = createCoverage([[square(179, -17, 1)], [square(-180, -17, 1)]]);
    expect(fiji([179.5, -16.5])).toBe(true);
    expect(fiji([-179.5, -16.5])).toBe(true);
    expect(fiji([180, -16.5])).toBe(true); // the shared meridian is an edge of the first
    expect(fiji([0, -16.5])).toBe(false);
  });

  it('reads the polygons of a collection: Polygon and MultiPolygon parts, nothing of other features', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        feature('a', [square(0, 0, 1)]),
        {
          type: 'Feature',
          id: 'b',
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: [[square(2, 0, 1)], [square(4, 0, 1)]] },
        },
        { type: 'Feature', id: 'c', properties: {}, geometry: null },
        { type: 'Feature', id: 'd', properties: {}, geometry: { type: 'Point', coordinates: [9, 9] } },
      ],
    };
    expect(zonePolygons(fc)).toHaveLength(3);
    expect(zonePolygons(null)).toEqual([]);
  });
});

describe('classifyPoints', () => {
  // Before: a 2×1 rectangle (0..2). After: moved east by one (1..3), with a hole at 1.25..1.75.
  const before = [[square(0, 0, 1)], [square(1, 0, 1)]];
  const after = [[square(1, 0, 1), reversed(square(1.25, 0.25, 0.5))], [square(2, 0, 1)]];

  it('sorts points into newly outside, newly inside, outside both and inside both', () => {
    const points: [number, number][] = [
      [0.5, 0.5], // only before
      [2.5, 0.5], // only after
      [5, 5], // neither
      [1.1, 0.5], // both
      [1.5, 0.5], // in the hole cut after: newly outside
      [1.25, 0.5], // on the hole's edge after: still in
      [3, 0.5], // on the new east edge: newly inside
      [0, 0.5], // on the old west edge: newly outside
    ];
    expect(classifyPoints(points, before, after)).toEqual([
      'newlyOutside',
      'newlyInside',
      'outsideBoth',
      'insideBoth',
      'newlyOutside',
      'insideBoth',
      'newlyInside',
      'newlyOutside',
    ]);
  });

  it('treats no zones before (a first zone) as everything outside before', () => {
    expect(
      classifyPoints(
        [
          [0.5, 0.5],
          [9, 9],
        ],
        [],
        [[square(0, 0, 1)]],
      ),
    ).toEqual(['newlyInside', 'outsideBoth']);
  });
});

describe('crossOwnerOverlaps', () => {
  it('measures overlaps between zones of different branches, never within one branch, largest first', () => {
    const found = crossOwnerOverlaps([
      { owner: 'B', zone: 'b1', rings: [square(D / 2, D / 2, D)] }, // a quarter of A's a1
      { owner: 'A', zone: 'a1', rings: [square(0, 0, D)] },
      { owner: 'A', zone: 'a2', rings: [square(0, 0, D)] }, // A's own zones overlap: not listed
      { owner: 'C', zone: 'c1', rings: [square(0, 0, D / 2)] }, // a quarter of a1 and a2; none of b1
      { owner: 'D', zone: 'd1', rings: [square(D, 0, D)] }, // shares a border with a1: no overlap
    ]);
    const pairs = found.map((o) => `${o.a.owner}:${o.a.zone}-${o.b.owner}:${o.b.zone}`);
    expect(pairs.sort()).toEqual(['A:a1-B:b1', 'A:a1-C:c1', 'A:a2-B:b1', 'A:a2-C:c1', 'B:b1-D:d1']);
    for (const o of found) near(o.areaKm2, squareKm2 / 4);
    const ab = found.find((o) => o.a.zone === 'a1' && o.b.zone === 'b1')!;
    expect(ab.bounds.map((v) => Number(v.toFixed(9)))).toEqual([D / 2, D / 2, D, D]);
    const [x, y] = ab.position;
    expect(x > D / 2 && x < D && y > D / 2 && y < D).toBe(true);
  });

  it('orders by area and leaves out slivers (rounding along a shared border)', () => {
    const found = crossOwnerOverlaps([
      { owner: 'A', zone: 'big', rings: [square(0, 0, D)] },
      { owner: 'B', zone: 'half', rings: [square(D / 2, 0, D)] },
      { owner: 'C', zone: 'eighth', rings: [square(-D / 4, 0, D / 2)] },
      // 5 cm over A's west edge (north of C): narrower than the sliver width.
      { owner: 'E', zone: 'sliver', rings: [square(-D + 4.5e-7, D / 2, D)] },
    ]);
    expect(SLIVER_WIDTH_M).toBe(0.5);
    expect(found.map((o) => o.b.zone)).toEqual(['half', 'eighth']);
    near(found[0]!.areaKm2, squareKm2 / 2);
    near(found[1]!.areaKm2, squareKm2 / 8);
  });

  it('reads zones from collections as given (an empty set has no overlaps)', () => {
    expect(crossOwnerOverlaps([])).toEqual([]);
    const fc = collection(feature('z', [square(0, 0, D)]));
    expect(zonePolygons(fc)).toHaveLength(1);
  });
});
