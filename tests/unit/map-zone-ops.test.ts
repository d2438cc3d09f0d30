/**
 * The zone editor's operations on its value (src/map/zone-ops.ts): removing, renaming and
 * appending zones, cutting and removing holes, clipping a zone by its neighbours, the bounds a
 * map fits, the pin, and zones or a pin changed by the caller, on squares with known answers.
 */
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { formatAreaKm2, isCounterClockwise, polygonAreaKm2, zoneWarnings } from '../../src/geo';
import { clipPolygon } from '../../src/geo/overlap';
import { historyReducer, initialHistory } from '../../src/map/history';
import type { ContextArea, ZoneCollection } from '../../src/map/types';
import {
  addHole,
  adoptProps,
  appendZones,
  areaZones,
  clipZone,
  initialViewOf,
  pinAt,
  removeHole,
  removeZones,
  renameZone,
  validPin,
  zonesBounds,
  type ClipOptions,
  type EditorValue,
} from '../../src/map/zone-ops';
import { reversed, square } from '../support/geo';

type Zone = ZoneCollection['features'][number];

function zone(id: string | undefined, rings: Position[][], properties: Record<string, unknown> = {}): Zone {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    properties,
    geometry: { type: 'Polygon', coordinates: rings },
  };
}

function fc(...features: Zone[]): ZoneCollection {
  return { type: 'FeatureCollection', features };
}

/** A closed rectangle, counter-clockwise, from (x0, y0) to (x1, y1). */
function rect(x0: number, y0: number, x1: number, y1: number): Position[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
}

describe('removing, renaming and appending zones', () => {
  const value = fc(
    zone('a', [square(0, 0)], { name: 'North', colour: 'kept' }),
    zone('b', [square(2, 0)], { name: 'South' }),
  );

  it('removes zones by key, and gives the same collection when none matched', () => {
    expect(removeZones(value, ['b']).features.map((f) => f.id)).toEqual(['a']);
    expect(removeZones(value, ['zzz'])).toBe(value);
  });

  it('renames one zone, keeping its other properties and the other zones as they were', () => {
    const next = renameZone(value, 'a', 'Old town');
    expect(next.features[0]!.properties).toEqual({ name: 'Old town', colour: 'kept' });
    expect(next.features[1]).toBe(value.features[1]);
    expect(renameZone(value, 'a', 'North')).toBe(value);
    expect(renameZone(value, 'nope', 'x')).toBe(value);
  });

  it('appends imported zones, suffixing ids already taken and giving ids to those without', () => {
    let n = 0;
    const imported = [
      zone('a', [square(5, 5)]),
      zone('c', [square(6, 6)]),
      zone('c', [square(7, 7)]),
      zone(undefined, [square(8, 8)]),
    ];
    const { value: next, ids } = appendZones(value, imported, () => `gen-${++n}`);
    expect(ids).toEqual(['a-2', 'c', 'c-2', 'gen-1']);
    expect(next.features.map((f) => f.id)).toEqual(['a', 'b', 'a-2', 'c', 'c-2', 'gen-1']);
    expect(appendZones(value, [], () => 'x').value).toBe(value);
  });
});

describe('holes', () => {
  const value = fc(zone('big', [square(0, 0, 4)], { name: 'Big' }), zone('other', [square(10, 0)]));

  it('adds a drawn ring as the zone’s next hole: closed, rounded to 6 decimals', () => {
    const drawn = [
      [1.00000049, 1],
      [1, 2],
      [2, 2],
      [2, 1],
    ];
    const next = addHole(value, 'big', drawn);
    const rings = (next.features[0]!.geometry as { coordinates: Position[][] }).coordinates;
    expect(rings).toEqual([
      square(0, 0, 4),
      [
        [1, 1],
        [1, 2],
        [2, 2],
        [2, 1],
        [1, 1],
      ],
    ]);
    expect(next.features[0]!.properties).toEqual({ name: 'Big' });
    expect(next.features[1]).toBe(value.features[1]);
    // A second hole comes after the first.
    const twice = addHole(next, 'big', reversed(square(2.5, 2.5, 0.5)));
    expect((twice.features[0]!.geometry as { coordinates: Position[][] }).coordinates).toHaveLength(3);
  });

  it('adds nothing to a zone it cannot find or that is not a polygon', () => {
    const multi = fc({
      type: 'Feature',
      id: 'm',
      properties: {},
      geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0)]] },
    });
    expect(addHole(value, 'nope', square(1, 1))).toBe(value);
    expect(addHole(multi, 'm', square(0.2, 0.2, 0.1))).toBe(multi);
  });

  it('removes one hole by its ring number, never the outline', () => {
    const holed = fc(zone('z', [square(0, 0, 4), reversed(square(1, 1)), reversed(square(2.5, 2.5, 0.5))]));
    const next = removeHole(holed, 'z', 1);
    expect((next.features[0]!.geometry as { coordinates: Position[][] }).coordinates).toEqual([
      square(0, 0, 4),
      reversed(square(2.5, 2.5, 0.5)),
    ]);
    expect(removeHole(holed, 'z', 0)).toBe(holed);
    expect(removeHole(holed, 'z', 3)).toBe(holed);
  });
});

describe('clipping a zone by its neighbours', () => {
  const options = (over: Partial<ClipOptions> = {}): ClipOptions => {
    let n = 0;
    return { cuts: () => true, context: [], clip: clipPolygon, newId: () => `new-${++n}`, ...over };
  };
  const ringsOf = (value: ZoneCollection, index: number) =>
    (value.features[index]!.geometry as { coordinates: Position[][] }).coordinates;

  it('takes off the area another zone of the branch overlaps, and says how much', () => {
    const value = fc(
      zone('w', [rect(0, 0, 2, 2)], { name: 'West' }),
      zone('e', [rect(1, 0, 3, 2)], { name: 'East' }),
    );
    const result = clipZone(value, 'w', options());
    if (!result?.ok) throw new Error('expected a clip');
    expect(result.zones.features).toHaveLength(2);
    const [outline] = ringsOf(result.zones, 0);
    expect(isCounterClockwise(outline!)).toBe(true);
    expect(polygonAreaKm2(ringsOf(result.zones, 0))).toBeCloseTo(polygonAreaKm2([rect(0, 0, 1, 2)]), 3);
    expect(result.zones.features[0]!.id).toBe('w');
    expect(result.zones.features[1]).toBe(value.features[1]);
    expect(result.title).toBe(`Clipped West: ${formatAreaKm2(polygonAreaKm2([rect(1, 0, 2, 2)]))} removed.`);
    expect(result.message).toBeUndefined();
  });

  it('is cut only by the branch’s zones it is told may cut, and by every other branch’s area', () => {
    const value = fc(zone('w', [rect(0, 0, 2, 2)], { name: 'West' }), zone('bad', [rect(1, 0, 3, 2)]));
    const untouched = clipZone(value, 'w', options({ cuts: (i) => i !== 1 }));
    if (!untouched?.ok) throw new Error('expected a clip');
    expect(polygonAreaKm2(ringsOf(untouched.zones, 0))).toBeCloseTo(polygonAreaKm2([rect(0, 0, 2, 2)]), 3);

    const neighbour: ContextArea = {
      id: 'LDN-02',
      label: 'Other branch',
      fc: fc({
        type: 'Feature',
        properties: {},
        geometry: { type: 'MultiPolygon', coordinates: [[rect(-1, 1.5, 3, 3)]] },
      }),
    };
    const cut = clipZone(value, 'w', options({ cuts: () => false, context: [neighbour] }));
    if (!cut?.ok) throw new Error('expected a clip');
    expect(polygonAreaKm2(ringsOf(cut.zones, 0))).toBeCloseTo(polygonAreaKm2([rect(0, 0, 2, 1.5)]), 3);
  });

  it('keeps the largest piece as the zone and makes the others new zones named after it', () => {
    // A bar across the zone leaves a piece 1° wide on the left and 1.5° wide on the right.
    const value = fc(
      zone('big', [rect(0, 0, 3.5, 3)], { name: 'Big', colour: 'red' }),
      zone('bar', [rect(1, -1, 2, 4)], { name: 'Bar' }),
    );
    const result = clipZone(value, 'big', options());
    if (!result?.ok) throw new Error('expected a clip');
    expect(result.zones.features.map((f) => [f.id, f.properties])).toEqual([
      ['big', { name: 'Big', colour: 'red' }],
      ['bar', { name: 'Bar' }],
      ['new-1', { name: 'Big (2)', colour: 'red' }],
    ]);
    expect(polygonAreaKm2(ringsOf(result.zones, 0))).toBeCloseTo(polygonAreaKm2([rect(2, 0, 3.5, 3)]), 3);
    expect(polygonAreaKm2(ringsOf(result.zones, 2))).toBeCloseTo(polygonAreaKm2([rect(0, 0, 1, 3)]), 3);
    expect(result.message).toBe('What is left is in 2 pieces: the smaller one is a new zone.');
  });

  it('refuses to clip away a whole zone, and says why a clip failed', () => {
    const inside = fc(zone(undefined, [rect(1, 1, 2, 2)]), zone('around', [rect(0, 0, 3, 3)]));
    expect(clipZone(inside, '__zone-1', options())).toEqual({
      ok: false,
      title: 'Nothing would be left of Zone 1',
      message: 'It lies entirely inside its neighbours. Delete it instead, or move its corners.',
    });
    const failing = options({
      clip: () => {
        throw new Error('Unable to complete output ring');
      },
    });
    expect(clipZone(inside, 'around', failing)).toEqual({
      ok: false,
      title: 'Could not clip Zone 2',
      message: 'Unable to complete output ring',
    });
  });

  it('with one neighbour named, takes off only the area that neighbour overlaps, whichever of the two zones is clipped', () => {
    // West overlaps East on x 1-2 and South on y 0-0.5.
    const value = fc(
      zone('w', [rect(0, 0, 2, 2)], { name: 'West' }),
      zone('e', [rect(1, 0.5, 3, 2)], { name: 'East' }),
      zone('s', [rect(0, -1, 2, 0.5)], { name: 'South' }),
    );
    const west = clipZone(value, 'w', options({ by: { zone: 'e' } }));
    if (!west?.ok) throw new Error('expected a clip');
    expect(polygonAreaKm2(ringsOf(west.zones, 0))).toBeCloseTo(
      polygonAreaKm2([rect(0, 0, 2, 2)]) - polygonAreaKm2([rect(1, 0.5, 2, 2)]),
      3,
    );
    expect(west.zones.features.slice(1)).toEqual(value.features.slice(1));

    const east = clipZone(value, 'e', options({ by: { zone: 'w' } }));
    if (!east?.ok) throw new Error('expected a clip');
    expect(east.zones.features[0]).toBe(value.features[0]);
    expect(polygonAreaKm2(ringsOf(east.zones, 1))).toBeCloseTo(polygonAreaKm2([rect(2, 0.5, 3, 2)]), 3);
    expect(east.title).toBe(`Clipped East: ${formatAreaKm2(polygonAreaKm2([rect(1, 0.5, 2, 2)]))} removed.`);
  });

  it('with another branch’s zone named, is cut by that zone alone, found by the id the warnings give it', () => {
    const value = fc(zone('w', [rect(0, 0, 2, 2)], { name: 'West' }));
    const other: ContextArea = {
      id: 'PAR-01',
      label: 'Paris',
      fc: fc(
        zone(undefined, [rect(1.5, 0, 3, 2)]), // "#1"
        {
          type: 'Feature',
          id: 'm',
          properties: { name: 'Two parts' },
          geometry: { type: 'MultiPolygon', coordinates: [[rect(0, 1.5, 2, 3)], [rect(-1, -1, 0.5, 0.5)]] },
        },
      ),
    };
    // The ids are those of src/geo's warnings about the same zones.
    const warned = zoneWarnings(value, { others: [{ branchId: other.id, fc: other.fc }] }).map((w) =>
      w.code === 'overlaps_other_branch' ? w.otherZoneId : null,
    );
    expect(areaZones(other).map((z) => [z.id, z.name])).toEqual([
      ['#1', null],
      ['m-1', 'Two parts'],
      ['m-2', 'Two parts'],
    ]);
    expect(warned).toEqual(['#1', 'm-1', 'm-2']);

    const cut = clipZone(value, 'w', options({ context: [other], by: { area: 'PAR-01', zone: 'm-2' } }));
    if (!cut?.ok) throw new Error('expected a clip');
    expect(polygonAreaKm2(ringsOf(cut.zones, 0))).toBeCloseTo(
      polygonAreaKm2([rect(0, 0, 2, 2)]) - polygonAreaKm2([rect(0, 0, 0.5, 0.5)]),
      3,
    );
    // The same id in another area cuts nothing.
    expect(
      clipZone(value, 'w', options({ context: [other], by: { area: 'LDN-01', zone: 'm-2' } })),
    ).toMatchObject({
      ok: false,
      title: 'Could not clip West',
    });
  });

  it('with a neighbour named that may not cut or no longer overlaps, says so and changes nothing', () => {
    const value = fc(
      zone('w', [rect(0, 0, 2, 2)], { name: 'West' }),
      zone('bad', [rect(1, 0, 3, 2)]),
      zone('far', [rect(5, 5, 6, 6)]),
    );
    const refused = {
      ok: false,
      title: 'Could not clip West',
      message: 'The zone it overlapped is gone or no longer overlaps it, or has problems to fix first.',
    };
    expect(clipZone(value, 'w', options({ cuts: (i) => i !== 1, by: { zone: 'bad' } }))).toEqual(refused);
    expect(clipZone(value, 'w', options({ by: { zone: 'far' } }))).toEqual(refused);
    expect(clipZone(value, 'w', options({ by: { zone: 'gone' } }))).toEqual(refused);
  });

  it('does nothing with a zone that is not a polygon', () => {
    const value = fc({
      type: 'Feature',
      id: 'm',
      properties: {},
      geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0)]] },
    });
    expect(clipZone(value, 'm', options())).toBeNull();
    expect(clipZone(value, 'missing', options())).toBeNull();
  });
});

describe('bounds and the pin', () => {
  it('bounds the polygons of the zones, MultiPolygons included, ignoring what has no position', () => {
    const features: Zone[] = [
      zone('a', [square(-2, 50, 1)]),
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'MultiPolygon', coordinates: [[square(4, 48, 0.5)], [square(0, 52, 0.5)]] },
      },
      { type: 'Feature', properties: {}, geometry: null },
    ];
    expect(zonesBounds(features)).toEqual([-2, 48, 4.5, 52.5]);
    expect(zonesBounds([])).toBeNull();
    expect(zonesBounds([{ geometry: null }])).toBeNull();
  });

  it('keeps the bounds within the world when a zone holds a position out of range', () => {
    const swapped = zone('x', [
      [
        [10, 50],
        [11, 95],
        [11, 50],
        [10, 50],
      ],
    ]);
    expect(zonesBounds([swapped])).toEqual([10, 50, 11, 90]);
  });

  it('starts the map on the focus when given, else on the zones, else on the pin, else on the world', () => {
    const pin = { latitude: 51.5, longitude: -0.1 };
    expect(initialViewOf(fc(zone('a', [square(1, 2)])), pin, [1.5, 2.5, 1.75, 2.75])).toEqual({
      bounds: [1.5, 2.5, 1.75, 2.75],
    });
    expect(initialViewOf(fc(zone('a', [square(1, 2)])), pin, null)).toEqual({ bounds: [1, 2, 2, 3] });
    expect(initialViewOf(fc(zone('a', [square(1, 2)])), pin)).toEqual({ bounds: [1, 2, 2, 3] });
    expect(initialViewOf(fc(), pin)).toEqual({ center: [-0.1, 51.5], zoom: 12 });
    expect(initialViewOf(fc(), { latitude: 120, longitude: 0 })).toEqual({ center: [0, 20], zoom: 1.2 });
  });

  it('places a pin rounded to 6 decimals, and tells a usable pin', () => {
    expect(pinAt(-0.12345678, 51.50000049)).toEqual({ latitude: 51.5, longitude: -0.123457 });
    expect(validPin({ latitude: 90, longitude: -180 })).toBe(true);
    expect(validPin({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(validPin({ latitude: 0, longitude: 181 })).toBe(false);
    expect(validPin(null)).toBe(false);
  });
});

describe('zones and a pin changed by the caller', () => {
  const zonesA = fc(zone('a', [square(0, 0)], { name: 'A' }));
  const start = initialHistory<EditorValue>({ zones: zonesA, pin: null });

  it('adopts zones changed outside without an undo step', () => {
    const outside = fc(zone('b', [square(5, 5)]));
    const next = adoptProps(start, { value: zonesA, pin: null }, { value: outside, pin: null });
    expect(next.present.zones).toBe(outside);
    expect(next.past).toEqual([]);
  });

  it('does not take back an edit when a render still carries the props from before it', () => {
    const edited = historyReducer(start, {
      type: 'commit',
      next: { zones: renameZone(zonesA, 'a', 'B'), pin: null },
    });
    expect(adoptProps(edited, { value: zonesA, pin: null }, { value: zonesA, pin: null })).toBe(edited);
  });

  it('takes an equal copy of the zones without ending a burst of typing (one undo step)', () => {
    let history = historyReducer(start, {
      type: 'commit',
      next: { zones: renameZone(zonesA, 'a', 'A1'), pin: null },
      key: 'name:a',
    });
    const copy = structuredClone(history.present.zones);
    history = adoptProps(history, { value: zonesA, pin: null }, { value: copy, pin: null });
    expect(history.present.zones).toBe(copy);
    history = historyReducer(history, {
      type: 'commit',
      next: { zones: renameZone(copy, 'a', 'A12'), pin: null },
      key: 'name:a',
    });
    expect(history.past).toHaveLength(1);
    expect(history.past[0]!.zones).toBe(zonesA);
  });

  it('adopts a pin moved outside, and reads an unusable one as no pin', () => {
    const moved = adoptProps(
      start,
      { value: zonesA, pin: null },
      { value: zonesA, pin: { latitude: 1, longitude: 2 } },
    );
    expect(moved.present.pin).toEqual({ latitude: 1, longitude: 2 });
    expect(moved.past).toEqual([]);
    const cleared = adoptProps(
      moved,
      { value: zonesA, pin: { latitude: 1, longitude: 2 } },
      { value: zonesA, pin: { latitude: 99, longitude: 2 } },
    );
    expect(cleared.present.pin).toBeNull();
  });
});
