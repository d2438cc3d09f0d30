import { describe, expect, it } from 'vitest';
import { vertexCount } from '../../../src/geo';
import { simplifyToFit } from '../../../src/geo/simplify';
import { circle, square } from '../../support/geo';

describe('simplifyToFit', () => {
  const detailed = [[circle(-2.24, 53.48, 0.05, 2000)], [circle(-2.1, 53.48, 0.05, 1000)]];

  it('keeps each shape under the per-zone cap and all under the total, as little simplified as that needs', () => {
    const fit = simplifyToFit(detailed, { perPolygon: 500, total: 800 })!;
    const corners = fit.polygons.map((p) => vertexCount(p));
    expect(Math.max(...corners)).toBeLessThanOrEqual(500);
    expect(fit.corners).toBe(corners[0]! + corners[1]!);
    expect(fit.corners).toBeLessThanOrEqual(800);
    // Not simplified far past the need: a tolerance 10 % smaller no longer fits.
    const tighter = simplifyToFit(detailed, { perPolygon: 500, total: fit.corners - 100 })!;
    expect(tighter.toleranceM).toBeGreaterThan(fit.toleranceM);
    expect(fit.corners).toBeGreaterThan(400);
  });

  it('keeps rings closed, and the shape where it was (within the tolerance)', () => {
    const fit = simplifyToFit(detailed, { perPolygon: 100, total: 200 })!;
    const ring = fit.polygons[0]![0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // Every kept corner lies on the original circle (they are a subset of its corners).
    for (const [lon, lat] of ring) {
      expect(Math.hypot(lon + 2.24, lat - 53.48)).toBeCloseTo(0.05, 6);
    }
    expect(fit.toleranceM).toBeGreaterThan(1);
  });

  it('answers null when even the coarsest shapes keep too many corners', () => {
    const many = Array.from({ length: 50 }, (_, i) => [square(i, 0, 0.1)]);
    expect(simplifyToFit(many, { perPolygon: 10, total: 100 })).toBeNull();
  });
});
