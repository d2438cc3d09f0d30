/**
 * Holes as "Cut hole" makes them: a ring drawn inside a zone, in click order, appended to the
 * zone's rings. Validation (inside the outline, apart from it and from other holes), winding on
 * save (clockwise), and the area (the hole taken out).
 */
import { describe, expect, it } from 'vitest';
import { isCounterClockwise, normalizeZones, polygonAreaKm2, validatePolygon } from '../../../src/geo';
import { collection, feature, reversed, square } from './fixtures';

const outline = square(0, 0, 0.04);
const codes = (rings: number[][][]) => validatePolygon(rings).map((i) => i.code);

describe('a hole cut in a zone', () => {
  it('inside the outline, drawn either way round, is valid and saved clockwise, the outline counter-clockwise', () => {
    for (const hole of [square(0.01, 0.01, 0.01), reversed(square(0.01, 0.01, 0.01))]) {
      expect(validatePolygon([outline, hole])).toEqual([]);
      const [saved] = normalizeZones(collection(feature('z', [outline, hole]))).features;
      const [exterior, inner] = saved!.geometry.coordinates;
      expect(isCounterClockwise(exterior!)).toBe(true);
      expect(isCounterClockwise(inner!)).toBe(false);
    }
  });

  it('is taken out of the zone’s area', () => {
    const hole = square(0.01, 0.01, 0.01);
    const area = polygonAreaKm2([outline, hole]);
    expect(area / polygonAreaKm2([outline])).toBeCloseTo(15 / 16, 3);
  });

  it('is refused outside the outline, across it, touching it, and across or inside another hole', () => {
    expect(codes([outline, square(0.05, 0.05, 0.01)])).toEqual(['hole_outside']);
    expect(codes([outline, square(0.035, 0.01, 0.01)])).toEqual(['hole_outside']); // crosses the east edge
    expect(
      codes([
        outline,
        [
          [0, 0.01],
          [0.01, 0.01],
          [0.01, 0.02],
          [0, 0.01],
        ],
      ]),
    ).toEqual(['hole_outside']); // a corner on the outline
    expect(codes([outline, square(0.01, 0.01, 0.01), square(0.015, 0.015, 0.01)])).toEqual([
      'holes_intersect',
    ]);
    expect(codes([outline, square(0.005, 0.005, 0.02), square(0.01, 0.01, 0.005)])).toEqual([
      'holes_intersect',
    ]);
  });

  it('gives the place where it meets the outline, for the map to show', () => {
    const [issue] = validatePolygon([outline, square(0.035, 0.01, 0.01)]);
    expect(issue!.position).toBeDefined();
    expect(issue!.message).toMatch(/^Hole 1 meets the zone's outline at /);
  });
});
