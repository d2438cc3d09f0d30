/**
 * Pure operations on the zone editor's value: the zones (removed, renamed, appended from a
 * file, a hole added or removed, a zone clipped by its neighbours), their bounds, and the pin
 * beside them. No maplibre, no draw, no DOM. Zones are values: each operation returns a new
 * collection, or the collection itself when nothing changes (so no empty undo step is made).
 * Zones are found by their key (sync.ts), the id draw knows them by.
 */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
import type { Feature, Geometry, Position } from 'geojson';
import {
  bbox,
  bboxesIntersect,
  formatAreaKm2,
  isLatitude,
  isLongitude,
  MAX_LATITUDE,
  MAX_LONGITUDE,
  roundCoordinate,
  type BBox,
} from '../geo';
import { featureId, polygonParts, zoneName } from '../geo/collection';
import type { clipPolygon } from '../geo/overlap';
import { errorMessage } from '../lib/error-message';
import { historyReducer, sameJson, type History } from './history';
import { indexOfKey, roundRings, zoneKeys, type ZoneFeature } from './sync';
import type { ContextArea, MapPin, ZoneCollection, ZoneEditorProps } from './types';

/** The value without the features with these keys (`value` itself when none matched). */
export function removeZones(value: ZoneCollection, keys: readonly string[]): ZoneCollection {
  const gone = new Set(keys);
  const all = zoneKeys(value);
  const features = value.features.filter((_, i) => !gone.has(all[i]!));
  return features.length === value.features.length ? value : { ...value, features };
}

/** The value with `properties.name` of one zone set (`value` itself when unchanged). */
export function renameZone(value: ZoneCollection, key: string, name: string): ZoneCollection {
  const index = indexOfKey(value, key);
  const feature = value.features[index];
  if (!feature || feature.properties?.name === name) return value;
  return replaceAt(value, index, { ...feature, properties: { ...(feature.properties ?? {}), name } });
}

/**
 * The value with imported features appended. Ids already taken (or repeated in the import) get
 * a `-2`, `-3`... suffix; features without a string id get a generated one.
 */
export function appendZones(
  value: ZoneCollection,
  imported: readonly Feature<Geometry | null>[],
  generateId: () => string,
): { value: ZoneCollection; ids: string[] } {
  const taken = new Set(zoneKeys(value));
  const ids: string[] = [];
  const added = imported.map((feature): ZoneFeature => {
    const wanted =
      typeof feature.id === 'string' && feature.id !== ''
        ? feature.id
        : typeof feature.id === 'number'
          ? String(feature.id)
          : generateId();
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    ids.push(id);
    return { type: 'Feature', id, properties: { ...(feature.properties ?? {}) }, geometry: feature.geometry };
  });
  return { value: added.length ? { ...value, features: [...value.features, ...added] } : value, ids };
}

/**
 * The value with `ring` (as drawn: closed or not) added as the next hole of the zone, its
 * positions rounded to 6 decimals (`value` itself when the zone is not a polygon). The hole is
 * validated afterwards like any ring.
 */
export function addHole(value: ZoneCollection, key: string, ring: readonly Position[]): ZoneCollection {
  const index = indexOfKey(value, key);
  const feature = value.features[index];
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (feature?.geometry?.type !== 'Polygon' || !first || !last) return value;
  const closed = first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
  const coordinates = [...feature.geometry.coordinates, ...roundRings([closed])];
  return replaceAt(value, index, { ...feature, geometry: { type: 'Polygon', coordinates } });
}

/** The value without one inner ring of a zone (1 for the first hole; `value` itself when there is no such hole). */
export function removeHole(value: ZoneCollection, key: string, ring: number): ZoneCollection {
  const index = indexOfKey(value, key);
  const feature = value.features[index];
  if (feature?.geometry?.type !== 'Polygon' || ring < 1 || ring >= feature.geometry.coordinates.length)
    return value;
  const coordinates = feature.geometry.coordinates.filter((_, r) => r !== ring);
  return replaceAt(value, index, { ...feature, geometry: { type: 'Polygon', coordinates } });
}

/**
 * One neighbour to clip a zone by: another zone of the branch (`zone`: its key), or a zone of
 * another branch's (`area`: the context area's id; `zone`: the zone's id as `areaZones` gives it).
 */
export type ClipBy = { zone: string; area?: string };

/**
 * Another branch's zones, one per polygon, with the ids src/geo's warnings give them: the
 * feature's id (`#n` without one, n its position), and `-k` after it for the k-th part of a
 * MultiPolygon.
 */
export function areaZones(area: ContextArea): { id: string; name: string | null; rings: Position[][] }[] {
  return area.fc.features.flatMap((feature, index) => {
    const { parts } = polygonParts(feature.geometry);
    const id = featureId(feature) ?? `#${index + 1}`;
    const name = zoneName(feature.properties);
    return parts.map((rings, k) => ({ id: parts.length > 1 ? `${id}-${k + 1}` : id, name, rings }));
  });
}

export type ClipOptions = {
  /** Whether the branch's zone at this index may cut (the editor passes those without problems). */
  cuts: (index: number) => boolean;
  /** Other branches' zones: every polygon of them cuts. */
  context: readonly ContextArea[];
  /** src/geo's `clipPolygon` (the editor loads it, and polyclip-ts, on the first clip). */
  clip: typeof clipPolygon;
  /** An id for each new zone made of a piece. */
  newId: () => string;
  /** Only this neighbour cuts (one overlap removed); without it, every neighbour does. */
  by?: ClipBy | undefined;
};

/** The clip's outcome as the editor tells it: the zones after it, or why there are none. */
export type ClipResult =
  | { ok: true; zones: ZoneCollection; title: string; message?: string }
  | { ok: false; title: string; message: string };

/**
 * "Clip to neighbours": the zone without every area its neighbours overlap (those whose
 * bounding boxes meet it), or with `by`, without the area that one neighbour overlaps. What is left in several pieces keeps the zone (its id and
 * properties) for the largest and adds the others as new zones named after it: "North (2)",
 * "North (3)"... Null when the zone is not a polygon.
 */
export function clipZone(value: ZoneCollection, key: string, options: ClipOptions): ClipResult | null {
  const index = indexOfKey(value, key);
  const feature = value.features[index];
  if (feature?.geometry?.type !== 'Polygon') return null;
  const subject = feature.geometry.coordinates;
  const box = bbox(subject);
  if (!box) return null;
  const cutters: Position[][][] = [];
  const consider = (rings: Position[][]) => {
    const other = bbox(rings);
    if (other && bboxesIntersect(box, other)) cutters.push(rings);
  };
  const { by } = options;
  const keys = zoneKeys(value);
  value.features.forEach((f, i) => {
    if (i === index || f.geometry?.type !== 'Polygon' || !options.cuts(i)) return;
    if (!by || (by.area === undefined && keys[i] === by.zone)) consider(f.geometry.coordinates);
  });
  for (const area of options.context) {
    if (by && by.area !== area.id) continue;
    for (const zone of areaZones(area)) if (!by || zone.id === by.zone) consider(zone.rings);
  }
  const number = index + 1;
  const name =
    typeof feature.properties?.name === 'string' && feature.properties.name
      ? feature.properties.name
      : i18n._(msg`Zone ${number}`);
  if (by && cutters.length === 0) {
    return {
      ok: false,
      title: i18n._(msg`Could not clip ${name}`),
      message: i18n._(
        msg`The zone it overlapped is gone or no longer overlaps it, or has problems to fix first.`,
      ),
    };
  }
  let clipped: ReturnType<typeof clipPolygon>;
  try {
    clipped = options.clip(subject, cutters);
  } catch (error) {
    return { ok: false, title: i18n._(msg`Could not clip ${name}`), message: errorMessage(error) };
  }
  const [first, ...rest] = clipped.parts;
  if (!first) {
    return {
      ok: false,
      title: i18n._(msg`Nothing would be left of ${name}`),
      message: i18n._(msg`It lies entirely inside its neighbours. Delete it instead, or move its corners.`),
    };
  }
  const pieces = rest.map((coordinates, k): ZoneFeature => ({
    type: 'Feature',
    id: options.newId(),
    properties: { ...(feature.properties ?? {}), name: `${name} (${k + 2})` },
    geometry: { type: 'Polygon', coordinates },
  }));
  const zones = replaceAt(value, index, { ...feature, geometry: { type: 'Polygon', coordinates: first } });
  const removed = formatAreaKm2(clipped.removedKm2);
  const added = pieces.length;
  const parts = added + 1;
  return {
    ok: true,
    zones: { ...zones, features: [...zones.features, ...pieces] },
    title: i18n._(msg`Clipped ${name}: ${removed} removed.`),
    ...(pieces.length > 0 && {
      message: i18n._(
        msg`What is left is in ${plural(parts, { other: '# pieces' })}: the smaller ${plural(added, { one: 'one is a new zone', other: 'ones are new zones' })}.`,
      ),
    }),
  };
}

/**
 * `[minLon, minLat, maxLon, maxLat]` of the features' polygons (src/geo's `bbox` over their
 * finite positions, kept within the world so that a map can fit it), or null when they have none.
 */
export function zonesBounds(features: readonly Pick<Feature<Geometry | null>, 'geometry'>[]): BBox | null {
  const box = bbox(features.flatMap((f) => polygonParts(f.geometry).parts.flat()));
  return (
    box && [
      Math.max(box[0], -MAX_LONGITUDE),
      Math.max(box[1], -MAX_LATITUDE),
      Math.min(box[2], MAX_LONGITUDE),
      Math.min(box[3], MAX_LATITUDE),
    ]
  );
}

/** The pin when it is a usable position (finite, latitude and longitude in range). */
export function validPin(pin: MapPin | null | undefined): pin is MapPin {
  return !!pin && isLatitude(pin.latitude) && isLongitude(pin.longitude);
}

export function samePin(a: MapPin | null, b: MapPin | null): boolean {
  return a === b || (a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude);
}

/** A pin at a map position, rounded to 6 decimals as the form holds it. */
export function pinAt(lng: number, lat: number): MapPin {
  return { latitude: roundCoordinate(lat), longitude: roundCoordinate(lng) };
}

/** What one undo step holds: the zones and the location together (placing the pin is undoable). */
export type EditorValue = { zones: ZoneCollection; pin: MapPin | null };

/**
 * The history once the caller's props went from `before` to `now`: zones or a pin changed
 * outside (the form normalised them, a reset) are adopted without an undo step. Only a prop
 * that changed since the last render is news: a render with the props from before an edit
 * reached the caller does not take the edit back. An equal copy of the zones (react-hook-form
 * hands back copies) takes the present's place without ending a burst of merged commits, so
 * typing a name stays one undo step. Returns `history` itself when nothing is adopted.
 */
export function adoptProps(
  history: History<EditorValue>,
  before: Pick<ZoneEditorProps, 'value' | 'pin'>,
  now: Pick<ZoneEditorProps, 'value' | 'pin'>,
): History<EditorValue> {
  const { zones, pin } = history.present;
  let next = history;
  if (now.value !== before.value && now.value !== zones) {
    next = sameJson(now.value, zones)
      ? { ...next, present: { ...next.present, zones: now.value } }
      : historyReducer(next, { type: 'sync', value: { ...next.present, zones: now.value } });
  }
  const nextPin = validPin(now.pin) ? now.pin : null;
  const lastPin = validPin(before.pin) ? before.pin : null;
  if (!samePin(nextPin, lastPin) && !samePin(nextPin, pin)) {
    next = historyReducer(next, { type: 'sync', value: { ...next.present, pin: nextPin } });
  }
  return next;
}

/** Where the map starts: the focus (an area to look at) when given, else the zones, else the pin, else the world. */
export function initialViewOf(value: ZoneCollection, pin: MapPin | null | undefined, focus?: BBox | null) {
  if (focus) return { bounds: focus };
  const bounds = zonesBounds(value.features);
  if (bounds) return { bounds };
  if (validPin(pin)) return { center: [pin.longitude, pin.latitude] as [number, number], zoom: 12 };
  return { center: [0, 20] as [number, number], zoom: 1.2 };
}

function replaceAt(value: ZoneCollection, index: number, feature: ZoneFeature): ZoneCollection {
  return { ...value, features: value.features.map((f, i) => (i === index ? feature : f)) };
}
