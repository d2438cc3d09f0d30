import { describe, expect, it } from 'vitest';
import { positionOf } from '../../../src/geo';

describe('positionOf: where an address is, from the shapes services use', () => {
  it('reads latitude/longitude and the short names', () => {
    expect(positionOf({ line1: '1 High St', latitude: 51.5072, longitude: -0.1276 })).toEqual([
      -0.1276, 51.5072,
    ]);
    expect(positionOf({ lat: 19.076, lng: 72.8777 })).toEqual([72.8777, 19.076]);
    expect(positionOf({ lat: 19.076, lon: 72.8777 })).toEqual([72.8777, 19.076]);
    expect(positionOf({ lat: 19.076, long: 72.8777 })).toEqual([72.8777, 19.076]);
  });

  it('reads numeric text', () => {
    expect(positionOf({ latitude: '25.2048', longitude: ' 55.2708 ' })).toEqual([55.2708, 25.2048]);
  });

  it('reads the same one level down, under each of the usual keys', () => {
    for (const key of ['coordinates', 'location', 'geo', 'position', 'geometry']) {
      expect(positionOf({ city: 'Paris', [key]: { lat: 48.8566, lng: 2.3522 } }), key).toEqual([
        2.3522, 48.8566,
      ]);
    }
  });

  it('reads a GeoJSON Point, at the top or nested, as [lon, lat]', () => {
    expect(positionOf({ type: 'Point', coordinates: [4.9041, 52.3676] })).toEqual([4.9041, 52.3676]);
    expect(positionOf({ location: { type: 'Point', coordinates: [4.9041, 52.3676] } })).toEqual([
      4.9041, 52.3676,
    ]);
  });

  it('prefers the top level to a nested one', () => {
    expect(positionOf({ lat: 1.5, lng: 2.5, location: { lat: 3.5, lng: 4.5 } })).toEqual([2.5, 1.5]);
  });

  it('gives no position rather than a guess', () => {
    for (const value of [
      null,
      undefined,
      'Baker Street',
      [51.5, -0.12],
      { coordinates: [51.5, -0.12] }, // a bare pair: the order is not stated
      { line1: '1 High St', city: 'London' },
      { latitude: null, longitude: null }, // a rider with no fix
      { latitude: 51.5 }, // half a position
      { latitude: 91, longitude: 0.1 },
      { latitude: 10, longitude: 181 },
      { latitude: 0, longitude: 0 }, // the usual placeholder for "none"
      { latitude: 'north', longitude: 'west' },
      { latitude: '', longitude: '' },
      { type: 'Point', coordinates: ['x', 'y'] },
      { location: { address: 'x' } },
    ]) {
      expect(positionOf(value), JSON.stringify(value)).toBeNull();
    }
  });
});
