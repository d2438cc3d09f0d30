import type { Feature, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  applyDrawChanges,
  diffDrawFeatures,
  isDrawDiffEmpty,
  nextZoneName,
  toDrawFeatures,
  zoneKeys,
} from '../../src/map/sync';
import type { ZoneCollection } from '../../src/map/types';
import { renameZone } from '../../src/map/zone-ops';
import { square } from '../support/geo';

/** The rings of a small square polygon with its lower-left corner at (x, y). */
const polygon = (x: number, y: number): Position[][] => [square(x, y, 0.01)];

function zone(
  id: string | number | undefined,
  rings: Position[][],
  properties: Record<string, unknown> = {},
): ZoneCollection['features'][number] {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    properties,
    geometry: { type: 'Polygon', coordinates: rings },
  };
}

function fc(...features: ZoneCollection['features']): ZoneCollection {
  return { type: 'FeatureCollection', features };
}

/** A feature as draw reports it in its events (its id is the editor's key). */
function drawn(id: string, rings: Position[][]): Feature<Polygon> {
  return { type: 'Feature', id, properties: {}, geometry: { type: 'Polygon', coordinates: rings } };
}

describe('zoneKeys', () => {
  it('uses string ids, numbers as text, a positional key when missing, and makes repeats unique', () => {
    const value = fc(
      zone('north', polygon(0, 0)),
      zone(7, polygon(1, 1)),
      zone(undefined, polygon(2, 2)),
      zone('north', polygon(3, 3)),
    );
    const keys = zoneKeys(value);
    expect(keys.slice(0, 2)).toEqual(['north', '7']);
    expect(keys[2]).toMatch(/^__zone-3$/);
    expect(new Set(keys).size).toBe(4);
    expect(keys[3]).not.toBe('north');
  });
});

describe('applyDrawChanges (draw events -> next collection)', () => {
  const base = fc(
    zone('a', polygon(10, 50), { name: 'North', colour: 'red' }),
    zone('b', polygon(11, 51), { name: 'South' }),
  );

  it('create: appends the polygon with its draw id (a string), a default name and rounded positions', () => {
    const rings: Position[][] = [
      [
        [10.123456789, 50.987654321],
        [10.2, 50.9],
        [10.3, 51.0000004],
        [10.123456789, 50.987654321],
      ],
    ];
    const next = applyDrawChanges(base, [{ type: 'create', features: [drawn('3f9a0c', rings)] }]);
    expect(next.features).toHaveLength(3);
    expect(next.features[0]).toBe(base.features[0]);
    expect(next.features[1]).toBe(base.features[1]);
    const created = next.features[2]!;
    expect(created.id).toBe('3f9a0c');
    expect(typeof created.id).toBe('string');
    expect(created.properties).toEqual({ name: 'Zone 3' });
    expect(created.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [10.123457, 50.987654],
          [10.2, 50.9],
          [10.3, 51],
          [10.123457, 50.987654],
        ],
      ],
    });
  });

  it('update: replaces the geometry and keeps id and every property', () => {
    const moved = polygon(10.5, 50.5);
    const next = applyDrawChanges(base, [{ type: 'update', features: [drawn('a', moved)] }]);
    expect(next.features[0]).toEqual({
      type: 'Feature',
      id: 'a',
      properties: { name: 'North', colour: 'red' },
      geometry: { type: 'Polygon', coordinates: moved },
    });
    expect(next.features[1]).toBe(base.features[1]);
    expect(base.features[0]!.geometry).toEqual({ type: 'Polygon', coordinates: polygon(10, 50) });
  });

  it('delete: removes the features by id', () => {
    const next = applyDrawChanges(base, [{ type: 'delete', features: [drawn('a', polygon(10, 50))] }]);
    expect(next.features.map((f) => f.id)).toEqual(['b']);
  });

  it('several changes of one gesture apply in order (a corner removed, then the zone deleted)', () => {
    const next = applyDrawChanges(base, [
      {
        type: 'update',
        features: [
          drawn('b', [
            [
              [11, 51],
              [11.01, 51],
              [11, 51],
            ],
          ]),
        ],
      },
      {
        type: 'delete',
        features: [
          drawn('b', [
            [
              [11, 51],
              [11.01, 51],
              [11, 51],
            ],
          ]),
        ],
      },
    ]);
    expect(next.features.map((f) => f.id)).toEqual(['a']);
  });

  it('returns the same object when nothing changes (no spurious undo step)', () => {
    expect(applyDrawChanges(base, [{ type: 'update', features: [drawn('a', polygon(10, 50))] }])).toBe(base);
    expect(applyDrawChanges(base, [{ type: 'update', features: [drawn('unknown', polygon(0, 0))] }])).toBe(
      base,
    );
    expect(applyDrawChanges(base, [{ type: 'delete', features: [drawn('unknown', polygon(0, 0))] }])).toBe(
      base,
    );
    expect(applyDrawChanges(base, [])).toBe(base);
  });

  it('ignores non-polygon features and features without id', () => {
    const line: Feature = {
      type: 'Feature',
      id: 'l',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    };
    const noId = {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Polygon' as const, coordinates: polygon(0, 0) },
    };
    expect(applyDrawChanges(base, [{ type: 'create', features: [line, noId] }])).toBe(base);
  });

  it('maps a numeric id and a missing id back through their keys, keeping the original id', () => {
    const value = fc(zone(42, polygon(0, 0)), zone(undefined, polygon(1, 1)));
    const [numericKey, missingKey] = zoneKeys(value);
    const next = applyDrawChanges(value, [
      {
        type: 'update',
        features: [drawn(numericKey!, polygon(0.5, 0.5)), drawn(missingKey!, polygon(1.5, 1.5))],
      },
    ]);
    expect(next.features[0]!.id).toBe(42);
    expect(next.features[0]!.geometry).toEqual({ type: 'Polygon', coordinates: polygon(0.5, 0.5) });
    expect('id' in next.features[1]!).toBe(false);
    expect(next.features[1]!.geometry).toEqual({ type: 'Polygon', coordinates: polygon(1.5, 1.5) });
  });

  it('a create for an id that exists is an update', () => {
    const next = applyDrawChanges(base, [{ type: 'create', features: [drawn('a', polygon(20, 20))] }]);
    expect(next.features).toHaveLength(2);
    expect(next.features[0]!.properties).toEqual({ name: 'North', colour: 'red' });
  });
});

describe('toDrawFeatures and diffDrawFeatures (value -> draw)', () => {
  const value = fc(zone('a', polygon(10, 50), { name: 'North' }), zone('b', polygon(11, 51)));

  it('gives draw the polygons under their keys with the properties the styles read', () => {
    const features = toDrawFeatures(value, (i) => ['#111111', '#222222'][i]!);
    expect(features.map((f) => [f.id, f.properties])).toEqual([
      ['a', { name: 'North', color: '#111111' }],
      ['b', { name: '', color: '#222222' }],
    ]);
  });

  it('closes open rings and leaves out what draw cannot show', () => {
    const open = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    ];
    const odd = fc(
      zone('open', open),
      zone('nan', [
        [
          [NaN, 0],
          [1, 0],
          [1, 1],
          [NaN, 0],
        ],
      ]),
      zone('far', [
        [
          [0, 95],
          [1, 0],
          [1, 1],
          [0, 95],
        ],
      ]),
      { type: 'Feature', id: 'pt', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
      { type: 'Feature', id: 'none', properties: {}, geometry: null },
      zone('empty', []),
    );
    const features = toDrawFeatures(odd);
    expect(features.map((f) => f.id)).toEqual(['open']);
    expect(features[0]!.geometry.coordinates).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ]);
  });

  it('adds what draw lacks, removes what the value lacks, updates what differs', () => {
    const current: Feature<Polygon>[] = [
      { ...drawn('b', polygon(11.2, 51.2)), properties: { name: '', color: '' } },
      { ...drawn('gone', polygon(0, 0)), properties: { name: '', color: '' } },
    ];
    const diff = diffDrawFeatures(toDrawFeatures(value), current);
    expect(diff.add.map((f) => f.id)).toEqual(['a']);
    expect(diff.update.map((f) => f.id)).toEqual(['b']);
    expect(diff.update[0]!.geometry.coordinates).toEqual(polygon(11, 51));
    expect(diff.remove).toEqual(['gone']);
    expect(diff.reshaped).toEqual([]);
  });

  it('is empty when draw already mirrors the value (no feedback loop after a draw event)', () => {
    const desired = toDrawFeatures(value);
    const diff = diffDrawFeatures(desired, structuredClone(desired));
    expect(isDrawDiffEmpty(diff)).toBe(true);
  });

  it('after a draw edit is applied, only rounding remains to push back', () => {
    const dragged = polygon(10.0000001234, 50);
    const next = applyDrawChanges(value, [{ type: 'update', features: [drawn('a', dragged)] }]);
    const drawState = toDrawFeatures(value).map((f) =>
      f.id === 'a' ? { ...f, geometry: { type: 'Polygon' as const, coordinates: dragged } } : f,
    );
    const diff = diffDrawFeatures(toDrawFeatures(next), drawState);
    expect(diff.add).toEqual([]);
    expect(diff.remove).toEqual([]);
    expect(diff.update.map((f) => f.id)).toEqual(['a']);
    expect(diff.reshaped).toEqual([]);
    const settled = diffDrawFeatures(toDrawFeatures(next), toDrawFeatures(next));
    expect(isDrawDiffEmpty(settled)).toBe(true);
  });

  it('a change of colour or name alone is an update (the styles show it)', () => {
    const current = toDrawFeatures(value);
    expect(
      diffDrawFeatures(
        toDrawFeatures(value, (i) => (i === 0 ? '#123456' : '')),
        current,
      ).update.map((f) => f.id),
    ).toEqual(['a']);
    const renamed = renameZone(value, 'b', 'South');
    expect(diffDrawFeatures(toDrawFeatures(renamed), current).update.map((f) => f.id)).toEqual(['b']);
  });

  it('reports reshaped features (corner count changed: vertex paths no longer hold)', () => {
    const current = toDrawFeatures(value);
    const fewer = fc(
      zone(
        'a',
        [
          [
            [10, 50],
            [10.01, 50],
            [10, 50.01],
            [10, 50],
          ],
        ],
        { name: 'North' },
      ),
      value.features[1]!,
    );
    const diff = diffDrawFeatures(toDrawFeatures(fewer), current);
    expect(diff.update.map((f) => f.id)).toEqual(['a']);
    expect(diff.reshaped).toEqual(['a']);
  });

  it('keeps the polygon being drawn, which the value does not have yet', () => {
    const current = [
      ...toDrawFeatures(value),
      drawn('in-progress', [
        [
          [0, 0],
          [1, 1],
          [0, 0],
        ],
      ]),
    ];
    expect(diffDrawFeatures(toDrawFeatures(value), current).remove).toEqual(['in-progress']);
    expect(isDrawDiffEmpty(diffDrawFeatures(toDrawFeatures(value), current, new Set(['in-progress'])))).toBe(
      true,
    );
  });

  it('replaces a draw feature of another geometry type with the same id', () => {
    const current: Feature[] = [
      { type: 'Feature', id: 'a', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
      ...toDrawFeatures(value).slice(1),
    ];
    const diff = diffDrawFeatures(toDrawFeatures(value), current);
    expect(diff.remove).toEqual(['a']);
    expect(diff.add.map((f) => f.id)).toEqual(['a']);
  });
});

describe('nextZoneName', () => {
  it('numbers by position, skipping names in use', () => {
    expect(nextZoneName(fc())).toBe('Zone 1');
    expect(
      nextZoneName(
        fc(zone('a', polygon(0, 0), { name: 'Zone 1' }), zone('b', polygon(1, 1), { name: 'Zone 3' })),
      ),
    ).toBe('Zone 4');
    expect(nextZoneName(fc(zone('x', polygon(0, 0), { name: 'North' })))).toBe('Zone 2');
  });
});
