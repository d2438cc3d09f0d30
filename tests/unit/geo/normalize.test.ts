import { describe, expect, it } from 'vitest';
import { DeliveryZonesInput } from '../../../src/contract';
import {
  isCounterClockwise,
  normalizePolygon,
  normalizeRing,
  normalizeZones,
  roundCoordinate,
  validatePolygon,
} from '../../../src/geo';
import { collection, feature, hole, outer, reversed, square } from './fixtures';

const counter = (prefix = 'gen-') => {
  let n = 0;
  return () => `${prefix}${++n}`;
};

describe('normalizeRing', () => {
  it('rounds to 6 decimals and never writes -0', () => {
    expect(roundCoordinate(-0.12345649)).toBe(-0.123456);
    expect(roundCoordinate(51.5071234567)).toBe(51.507123);
    expect(Object.is(roundCoordinate(-0.0000001), 0)).toBe(true);
    expect(roundCoordinate(roundCoordinate(12.3456785))).toBe(roundCoordinate(12.3456785));
  });

  it('drops consecutive duplicates, including those created by rounding, and closes the ring', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1.0000001, 0.0000002],
      [1, 1],
      [0, 1],
      [0, 1],
    ];
    expect(normalizeRing(ring)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });

  it('repairs what validatePolygon reports as duplicates', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
      [0, 0],
    ];
    expect(validatePolygon([ring]).map((i) => i.code)).toEqual(['duplicate_position']);
    expect(validatePolygon([normalizeRing(ring)])).toEqual([]);
  });

  it('writes exteriors counter-clockwise and holes clockwise, keeping the first position', () => {
    const clockwise = reversed(square(0, 0));
    const exterior = normalizeRing(clockwise);
    expect(exterior).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(isCounterClockwise(exterior)).toBe(true);
    const asHole = normalizeRing(square(0, 0), 'hole');
    expect(asHole).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(isCounterClockwise(asHole)).toBe(false);
  });

  it('drops heights and keeps rings without area as they are', () => {
    expect(
      normalizeRing([
        [0, 0, 12],
        [1, 0, 3],
        [1, 1, 4],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(
      normalizeRing([
        [0, 0],
        [2, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toEqual([
      [0, 0],
      [2, 0],
      [1, 0],
      [0, 0],
    ]);
    expect(normalizeRing([])).toEqual([]);
  });
});

describe('normalizePolygon', () => {
  it('orients the exterior and the holes', () => {
    const [ext, h] = normalizePolygon([reversed(outer), reversed(hole)]);
    expect(isCounterClockwise(ext!)).toBe(true);
    expect(isCounterClockwise(h!)).toBe(false);
    expect(validatePolygon([ext!, h!])).toEqual([]);
  });

  it('drops holes that rounding collapses to nothing', () => {
    const speck = [
      [5, 5],
      [5.0000001, 5],
      [5.0000001, 5.0000001],
      [5, 5],
    ];
    expect(normalizePolygon([outer, speck])).toHaveLength(1);
  });
});

describe('normalizeZones', () => {
  it('writes the strict shape the service accepts', () => {
    const input = {
      type: 'FeatureCollection',
      bbox: [0, 0, 1, 1],
      features: [
        { ...feature(12, [reversed(square(0, 0))]), properties: null, bbox: [0, 0, 1, 1] },
        {
          ...feature(undefined, [square(2, 0)], { name: 'East' }),
          geometry: { type: 'Polygon', coordinates: [square(2, 0)], extra: 1 },
        },
        feature('kept', [square(4, 0)]),
        feature('', [square(6, 0)]),
      ],
    };
    const result = normalizeZones(input, { generateId: counter() });
    expect(DeliveryZonesInput.parse(result)).toEqual(result);
    expect(Object.keys(result)).toEqual(['type', 'features']);
    expect(result.features.map((f) => f.id)).toEqual(['12', 'gen-1', 'kept', 'gen-2']);
    expect(result.features.map((f) => f.properties)).toEqual([{}, { name: 'East' }, {}, {}]);
    expect(result.features[1]!.geometry).toEqual({ type: 'Polygon', coordinates: [square(2, 0)] });
    expect(result.features.every((f) => Object.keys(f).sort().join() === 'geometry,id,properties,type')).toBe(
      true,
    );
    expect(result.features[0]!.geometry.coordinates[0]).toEqual(square(0, 0));
  });

  it('splits MultiPolygons into one zone per part', () => {
    const result = normalizeZones(
      {
        features: [
          {
            id: 'm',
            properties: { name: 'Two parts' },
            geometry: {
              type: 'MultiPolygon',
              coordinates: [[square(0, 0)], [square(3, 3), reversed(square(3.2, 3.2, 0.5))]],
            },
          },
          { id: 'single', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [[square(5, 5)]] } },
        ],
      },
      { generateId: counter() },
    );
    expect(result.features.map((f) => [f.id, f.properties.name, f.geometry.coordinates.length])).toEqual([
      ['m-1', 'Two parts', 1],
      ['m-2', 'Two parts', 2],
      ['single', undefined, 1],
    ]);
  });

  it('makes repeated ids unique and drops features without polygons', () => {
    const result = normalizeZones(
      {
        features: [
          feature('a', [square(0, 0)]),
          feature('a', [square(2, 0)]),
          {
            id: 'line',
            geometry: {
              type: 'LineString',
              coordinates: [
                [0, 0],
                [1, 1],
              ],
            },
          },
          { id: 'none', geometry: null },
        ],
      },
      { generateId: counter() },
    );
    expect(result.features.map((f) => f.id)).toEqual(['a', 'a-2']);
  });

  it('generates zone- ids by default, distinct from each other', () => {
    const result = normalizeZones(
      collection(feature(undefined, [square(0, 0)]), feature(undefined, [square(2, 0)])),
    );
    const ids = result.features.map((f) => f.id);
    expect(ids.every((id) => /^zone-[a-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('is idempotent', () => {
    const once = normalizeZones(
      collection(
        feature(3, [reversed(outer), square(1, 1, 2)]),
        feature(undefined, [square(20.12345678, 1)]),
      ),
    );
    expect(normalizeZones(once)).toEqual(once);
  });
});
