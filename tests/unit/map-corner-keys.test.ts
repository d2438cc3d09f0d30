/**
 * Moving a selected corner with the arrow keys (src/map/corner-keys.ts): the step spans the same
 * pixels whatever the zoom and latitude, and only the selected corners of the selected zone move.
 */
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { cornerStep, moveCorners } from '../../src/map/corner-keys';
import type { ZoneCollection } from '../../src/map/types';
import { square } from '../support/geo';

function fc(...rings: Position[][]): ZoneCollection {
  return {
    type: 'FeatureCollection',
    features: rings.map((ring, i) => ({
      type: 'Feature',
      id: `z${i + 1}`,
      properties: { name: `Zone ${i + 1}` },
      geometry: { type: 'Polygon', coordinates: [ring] },
    })),
  };
}

describe('cornerStep', () => {
  it('moves by each arrow in its direction and ignores other keys', () => {
    const [right] = cornerStep('ArrowRight', false, 14, 0)!;
    expect(right).toBeGreaterThan(0);
    expect(cornerStep('ArrowLeft', false, 14, 0)).toEqual([-right, 0]);
    expect(cornerStep('ArrowUp', false, 14, 0)![1]).toBeCloseTo(right, 12);
    expect(cornerStep('ArrowDown', false, 14, 0)![1]).toBeCloseTo(-right, 12);
    expect(cornerStep('a', false, 14, 0)).toBeNull();
    expect(cornerStep('Enter', true, 14, 0)).toBeNull();
  });

  it('is a few metres at street zoom, five times that with Shift, half per zoom level in', () => {
    // Ground distance of a small step (metres per degree of latitude, longitude's shrinking with it).
    const metres = (step: [number, number] | null, lat: number) =>
      Math.hypot(step![0] * Math.cos((lat * Math.PI) / 180), step![1]) * 111_320;
    const street = metres(cornerStep('ArrowRight', false, 16, 48.85), 48.85);
    expect(street).toBeGreaterThan(1);
    expect(street).toBeLessThan(5);
    expect(metres(cornerStep('ArrowRight', true, 16, 48.85), 48.85)).toBeCloseTo(street * 5, 3);
    expect(metres(cornerStep('ArrowRight', false, 17, 48.85), 48.85)).toBeCloseTo(street / 2, 3);
    // Up spans the same ground as right: the map's scale is the same both ways.
    expect(metres(cornerStep('ArrowUp', false, 16, 48.85), 48.85)).toBeCloseTo(street, 1);
  });
});

/** A square as the editor holds it: positions rounded to 6 decimals. */
const box = (lon: number, lat: number): Position[] =>
  square(lon, lat, 0.01).map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);

describe('moveCorners', () => {
  const zones = fc(box(2, 48), box(2.01, 48));

  it('moves the chosen corner of the chosen zone only, rounded to 6 decimals', () => {
    const next = moveCorners(zones, 'z1', [[2.01, 48.01]], [0.0000031, -0.00002]);
    const ring = (next.features[0]!.geometry as { coordinates: Position[][] }).coordinates[0]!;
    expect(ring[2]).toEqual([2.010003, 48.00998]);
    expect(ring.filter((_, i) => i !== 2)).toEqual(box(2, 48).filter((_, i) => i !== 2));
    // The neighbour sharing that corner keeps it.
    expect(next.features[1]).toBe(zones.features[1]);
    expect(next.features[0]!.properties).toEqual({ name: 'Zone 1' });
  });

  it('moves the first corner together with the closing one, and several corners at once', () => {
    const next = moveCorners(
      zones,
      'z2',
      [
        [2.01, 48],
        [2.02, 48],
      ],
      [0, 0.001],
    );
    const ring = (next.features[1]!.geometry as { coordinates: Position[][] }).coordinates[0]!;
    expect(ring[0]).toEqual([2.01, 48.001]);
    expect(ring[4]).toEqual([2.01, 48.001]);
    expect(ring[1]).toEqual([2.02, 48.001]);
    expect(ring[2]).toEqual([2.02, 48.01]);
  });

  it('gives the same collection when nothing is there to move', () => {
    expect(moveCorners(zones, 'z1', [[5, 5]], [0.001, 0])).toBe(zones);
    expect(moveCorners(zones, 'nope', [[2, 48]], [0.001, 0])).toBe(zones);
    expect(moveCorners(zones, 'z1', [], [0.001, 0])).toBe(zones);
  });
});
