/**
 * The coordinate range, one rule (decision 9): the contract's schemas, geo's checks and the
 * readers above them (a stop's position, a zone's corners, the editor's pin) agree at the edges.
 */
import { describe, expect, it } from 'vitest';
import { CoordinatesInput, Position } from '../../../src/contract';
import { isLatitude, isLongitude, isLonLat, positionOf, validatePolygon } from '../../../src/geo';
import { pinOf } from '../../../src/features/branches/form/form-model';

const edges: [number, number, boolean][] = [
  [180, 90, true],
  [-180, -90, true],
  [180.000001, 0, false],
  [0, -90.000001, false],
  [Number.NaN, 10, false],
  [10, Number.POSITIVE_INFINITY, false],
];

describe('the coordinate range', () => {
  it.each(edges)('[%s, %s] is in range: %s, for geo and the contract alike', (lon, lat, inRange) => {
    expect(isLonLat([lon, lat])).toBe(inRange);
    expect(isLongitude(lon) && isLatitude(lat)).toBe(inRange);
    expect(Position.safeParse([lon, lat]).success).toBe(inRange);
    expect(CoordinatesInput.safeParse({ latitude: lat, longitude: lon }).success).toBe(inRange);
  });

  it('is what a stop position and the branch pin accept', () => {
    expect(positionOf({ latitude: 90, longitude: 180 })).toEqual([180, 90]);
    expect(positionOf({ latitude: 90.5, longitude: 10 })).toBeNull();
    expect(pinOf({ latitude: '-90', longitude: '-180' })).toEqual([-180, -90]);
    expect(pinOf({ latitude: '91', longitude: '10' })).toBeNull();
  });

  it('names a corner out of range, and a latitude and longitude given the wrong way round', () => {
    const ring = [
      [10, 100],
      [11, 50],
      [11, 51],
      [10, 100],
    ];
    const issues = validatePolygon([ring]);
    const out = issues.find((i) => i.code === 'out_of_range');
    expect(out?.message).toMatch(/latitude 100 is not between -90 and 90/);
    expect(out?.message).toMatch(/are longitude and latitude swapped\?/);
  });
});
