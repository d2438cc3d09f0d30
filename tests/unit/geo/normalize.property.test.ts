import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCounterClockwise, normalizeZones, polygonAreaKm2, validatePolygon } from '../../../src/geo';

/**
 * Random simple polygons: star-shaped around a random centre (sorted angles, gaps below π,
 * random radii), optionally with a star-shaped hole that stays clear of the exterior, in a
 * random winding, starting at a random corner, with positions at a random number of decimals
 * and consecutive duplicates inserted (exact ones, and near ones that round to the same point).
 * Corners are far apart compared with the 6-decimal rounding (>= 1e-4° against 5e-7°), so
 * rounding cannot make them cross.
 */
const star = (scale: number, minRadius: number, maxRadius: number, maxCorners: number) =>
  fc.integer({ min: 3, max: maxCorners }).chain((n) =>
    fc
      .record({
        weights: fc.array(fc.double({ min: 1, max: 1.8, noNaN: true }), { minLength: n, maxLength: n }),
        radii: fc.array(fc.double({ min: minRadius, max: maxRadius, noNaN: true }), {
          minLength: n,
          maxLength: n,
        }),
        start: fc.nat({ max: n - 1 }),
        clockwise: fc.boolean(),
        duplicates: fc.array(fc.record({ at: fc.nat({ max: n - 1 }), near: fc.boolean() }), { maxLength: 4 }),
      })
      .map(({ weights, radii, start, clockwise, duplicates }) => {
        const total = weights.reduce((a, b) => a + b, 0);
        let angle = 0;
        const corners = weights.map((w, i) => {
          const corner = { angle, radius: radii[i]! * scale };
          angle += (2 * Math.PI * w) / total;
          return corner;
        });
        return { corners, start, clockwise, duplicates };
      }),
  );

const arbitraryPolygon = fc
  .record({
    lon: fc.double({ min: -170, max: 170, noNaN: true }),
    lat: fc.double({ min: -75, max: 75, noNaN: true }),
    scale: fc.double({ min: 0.05, max: 1, noNaN: true }),
    decimals: fc.integer({ min: 6, max: 15 }),
    withHole: fc.boolean(),
  })
  .chain(({ lon, lat, scale, decimals, withHole }) =>
    fc
      .record({
        // The exterior's edges pass at least 0.025 * scale from the centre (gaps < 0.95π, radii >= 0.3),
        // so a hole of radius <= 0.02 * scale around the centre lies strictly inside.
        exterior: star(scale, 0.3, 1, 40),
        hole: star(scale, 0.01, 0.02, 12).map((h) => (withHole ? [h] : [])),
      })
      .map(({ exterior, hole }) => {
        const toRing = ({ corners, start, clockwise, duplicates }: typeof exterior): number[][] => {
          const factor = 10 ** decimals;
          let ring = corners.map(({ angle, radius }) => [
            Math.round((lon + radius * Math.cos(angle)) * factor) / factor,
            Math.round((lat + radius * Math.sin(angle)) * factor) / factor,
          ]);
          for (const { at, near } of duplicates) {
            const [x, y] = ring[at]!;
            const copy = near
              ? [Math.round(x! * 1e6) / 1e6 + 1e-8, Math.round(y! * 1e6) / 1e6 - 1e-8]
              : [x!, y!];
            ring.splice(at + 1, 0, copy);
          }
          ring = [...ring.slice(start), ...ring.slice(0, start)];
          if (clockwise) ring.reverse();
          return [...ring, ring[0]!];
        };
        return [toRing(exterior), ...hole.map(toRing)];
      }),
  );

const asCollection = (rings: number[][][]) => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'z', properties: {}, geometry: { type: 'Polygon', coordinates: rings } }],
});

const normalizedRings = (rings: number[][][]) =>
  normalizeZones(asCollection(rings)).features[0]!.geometry.coordinates;

function perimeterDegrees(rings: number[][][]): number {
  let total = 0;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++)
      total += Math.hypot(ring[i]![0]! - ring[i - 1]![0]!, ring[i]![1]! - ring[i - 1]![1]!);
  }
  return total;
}

function planarAreaDegrees(rings: number[][][]): number {
  const shoelace = (ring: number[][]) =>
    Math.abs(ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!, 0)) / 2;
  return shoelace(rings[0]!) - rings.slice(1).reduce((sum, ring) => sum + shoelace(ring), 0);
}

/** Rounding moves each position by at most √2 · 5e-7°. */
const MAX_SHIFT = Math.SQRT2 * 5e-7;

describe('normalizeZones properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(arbitraryPolygon, (rings) => {
        const once = normalizeZones(asCollection(rings));
        expect(normalizeZones(once)).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });

  it('writes rings that pass validatePolygon, exterior counter-clockwise and holes clockwise', () => {
    fc.assert(
      fc.property(arbitraryPolygon, (rings) => {
        const [exterior, ...holes] = normalizedRings(rings);
        expect(validatePolygon([exterior!, ...holes])).toEqual([]);
        expect(isCounterClockwise(exterior!)).toBe(true);
        expect(holes.every((h) => !isCounterClockwise(h))).toBe(true);
        expect(holes).toHaveLength(rings.length - 1);
      }),
      { numRuns: 200 },
    );
  });

  it('changes the covered area only as much as rounding can', () => {
    fc.assert(
      fc.property(arbitraryPolygon, (rings) => {
        const before = polygonAreaKm2(rings);
        const after = polygonAreaKm2(normalizedRings(rings));
        // Moving every corner by at most d changes a polygon's area by at most about d x perimeter;
        // the factor 2 covers the difference between planar degrees and geodesic area.
        const bound = (2 * MAX_SHIFT * perimeterDegrees(rings)) / planarAreaDegrees(rings);
        expect(Math.abs(after - before) / before).toBeLessThanOrEqual(bound + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});
