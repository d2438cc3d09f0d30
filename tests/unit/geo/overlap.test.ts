/**
 * Overlaps between zones and clipping a zone to its neighbours (src/geo/overlap.ts, over
 * polyclip-ts), on shapes whose areas are known: squares of 0.01° near the equator and their
 * halves and quarters, whose shares of each other do not depend on the projection.
 */
import { describe, expect, it } from 'vitest';
import { isCounterClockwise, polygonAreaKm2, validatePolygon } from '../../../src/geo';
import { clipPolygon, overlapOf } from '../../../src/geo/overlap';
import { circle, reversed, square } from './fixtures';

const D = 0.01;
const squareKm2 = polygonAreaKm2([square(0, 0, D)]);
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(1e-3);

describe('overlapOf', () => {
  it('measures the shared quarter of two offset squares and gives a point inside it', () => {
    const overlap = overlapOf([square(0, 0, D)], [square(D / 2, D / 2, D)])!;
    near(overlap.areaKm2, squareKm2 / 4);
    expect(overlap.pieces).toHaveLength(1);
    const [x, y] = overlap.position;
    expect(x > D / 2 && x < D && y > D / 2 && y < D).toBe(true);
  });

  it('is null for neighbours that only share a border, and for disjoint zones', () => {
    expect(overlapOf([square(0, 0, D)], [square(D, 0, D)])).toBeNull();
    expect(overlapOf([square(0, 0, D)], [square(D, D / 4, D / 2)])).toBeNull();
    expect(overlapOf([square(0, 0, D)], [square(3 * D, 0, D)])).toBeNull();
  });

  it('leaves out slivers narrower than half a metre (rounding along a shared border), not a real overlap', () => {
    // The neighbour's corner 5 cm (4.5e-7°) inside: a sliver about 1 km long and at most 5 cm wide.
    const sliver = [
      [D - 4.5e-7, 0],
      [2 * D, 0],
      [2 * D, D],
      [D, D],
      [D - 4.5e-7, 0],
    ];
    expect(overlapOf([square(0, 0, D)], [sliver])).toBeNull();
    // The same neighbour 2 m (1.8e-5°) inside: an overlap.
    const strip = [
      [D - 1.8e-5, 0],
      [2 * D, 0],
      [2 * D, D],
      [D - 1.8e-5, D],
      [D - 1.8e-5, 0],
    ];
    near(overlapOf([square(0, 0, D)], [strip])!.areaKm2, (squareKm2 * 1.8e-5) / D);
  });

  it('counts a zone inside another as overlapping by its whole area, but not one in its hole', () => {
    near(overlapOf([square(0, 0, D)], [square(D / 4, D / 4, D / 2)])!.areaKm2, squareKm2 / 4);
    const withHole = [square(0, 0, D), reversed(square(D / 4, D / 4, D / 2))];
    expect(overlapOf(withHole, [square(D / 4, D / 4, D / 2)])).toBeNull();
  });
});

describe('clipPolygon', () => {
  it('cuts the neighbour’s quarter out of a square: an L of three quarters, CCW, closed', () => {
    const clipped = clipPolygon([square(0, 0, D)], [[square(D / 2, D / 2, D)]]);
    expect(clipped.parts).toEqual([
      [
        [
          [0, 0],
          [D, 0],
          [D, D / 2],
          [D / 2, D / 2],
          [D / 2, D],
          [0, D],
          [0, 0],
        ],
      ],
    ]);
    near(clipped.removedKm2, squareKm2 / 4);
    near(polygonAreaKm2(clipped.parts[0]!), (3 * squareKm2) / 4);
    // Clipped, the two no longer overlap.
    expect(overlapOf(clipped.parts[0]!, [square(D / 2, D / 2, D)])).toBeNull();
  });

  it('reads either winding and removes several neighbours at once', () => {
    const clipped = clipPolygon(
      [reversed(square(0, 0, D))],
      [[square(-D / 2, 0, D)], [reversed(square(D / 2, 0, D))]],
    );
    expect(clipped.parts).toEqual([]);
    const halves = clipPolygon([square(0, 0, D)], [[square(-D / 2, 0, D)]]);
    near(polygonAreaKm2(halves.parts[0]!), squareKm2 / 2);
  });

  it('makes a neighbour inside the zone a hole, wound clockwise, subtracted from the area', () => {
    const { parts, removedKm2 } = clipPolygon([square(0, 0, D)], [[square(D / 4, D / 4, D / 2)]]);
    expect(parts).toHaveLength(1);
    const [exterior, hole] = parts[0]!;
    expect(isCounterClockwise(exterior!)).toBe(true);
    expect(isCounterClockwise(hole!)).toBe(false);
    near(removedKm2, squareKm2 / 4);
    near(polygonAreaKm2(parts[0]!), (3 * squareKm2) / 4);
    expect(validatePolygon(parts[0]!)).toEqual([]);
  });

  it('splits a zone cut through by a band into pieces, largest first', () => {
    const band = [
      [-D, 0.3 * D],
      [2 * D, 0.3 * D],
      [2 * D, 0.4 * D],
      [-D, 0.4 * D],
      [-D, 0.3 * D],
    ];
    const { parts } = clipPolygon([square(0, 0, D)], [[band]]);
    expect(parts).toHaveLength(2);
    near(polygonAreaKm2(parts[0]!), 0.6 * squareKm2);
    near(polygonAreaKm2(parts[1]!), 0.3 * squareKm2);
  });

  it('leaves nothing of a zone inside its neighbour', () => {
    expect(clipPolygon([square(D / 4, D / 4, D / 2)], [[square(0, 0, D)]]).parts).toEqual([]);
  });

  it('clips a 500-corner zone by a 500-corner neighbour into a valid zone of 6-decimal positions that no longer overlaps it', () => {
    const zone = [circle(500, [-0.1276, 51.5072], 0.02)];
    const neighbour = [circle(500, [-0.1, 51.5072], 0.02)];
    const before = overlapOf(zone, neighbour)!;
    expect(before.areaKm2).toBeGreaterThan(1);
    const { parts, removedKm2 } = clipPolygon(zone, [neighbour]);
    expect(parts).toHaveLength(1);
    near(removedKm2, before.areaKm2);
    expect(validatePolygon(parts[0]!)).toEqual([]);
    for (const [lon, lat] of parts[0]!.flat())
      expect(Math.round(lon! * 1e6) / 1e6 === lon && Math.round(lat! * 1e6) / 1e6 === lat).toBe(true);
    expect(overlapOf(parts[0]!, neighbour)).toBeNull();
  });
});
