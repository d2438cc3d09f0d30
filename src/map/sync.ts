/**
 * Pure functions between the zone collection (the form's value, the source of truth) and the
 * draw control's features. No maplibre, no draw, no DOM: unit-tested in tests/unit/map-sync.
 *
 * Every feature of the value has a stable string *key*, which is the id draw knows it by:
 * its id when that is a string (or a number, as text), else a key made from its position,
 * and repeated ids are made unique. Keys never leak into the value: ids there stay as given.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import type { Feature, Geometry, Polygon, Position } from 'geojson';
import { isLonLat, roundCoordinate } from '../geo';
import type { ZoneCollection } from './types';

export type ZoneFeature = ZoneCollection['features'][number];

/** A change reported by the draw control (its `draw.create`, `draw.update`, `draw.delete` events). */
export type DrawChange = {
  type: 'create' | 'update' | 'delete';
  features: readonly Pick<Feature<Geometry | null>, 'id' | 'geometry'>[];
};

/** What to do to draw's features to make them mirror the value. */
export type DrawDiff = {
  /** Features draw does not have yet. */
  add: Feature<Polygon>[];
  /** Features draw has with other coordinates or other properties (replace in place). */
  update: Feature<Polygon>[];
  /** Ids of draw features that are not in the value. */
  remove: string[];
  /** Ids among `update` whose rings changed in number or length (vertex paths no longer hold). */
  reshaped: string[];
};

const KEY_PREFIX = '__zone-';

/** One unique string key per feature, in order (see the module comment). */
export function zoneKeys(fc: ZoneCollection): string[] {
  const taken = new Set<string>();
  return fc.features.map((feature, index) => {
    const { id } = feature;
    let key =
      typeof id === 'string' && id !== ''
        ? id
        : typeof id === 'number' && Number.isFinite(id)
          ? String(id)
          : `${KEY_PREFIX}${index + 1}`;
    if (taken.has(key)) key = `${key}${KEY_PREFIX}${index + 1}`;
    taken.add(key);
    return key;
  });
}

/** Index of the feature with this key, or -1. */
export function indexOfKey(fc: ZoneCollection, key: string): number {
  return zoneKeys(fc).indexOf(key);
}

function roundPosition(p: Position): Position {
  return [roundCoordinate(p[0] ?? NaN), roundCoordinate(p[1] ?? NaN)];
}

/** Positions rounded to 6 decimals (about 10 cm, docs/design.md, decision 10); heights dropped. */
export function roundRings(rings: readonly (readonly Position[])[]): Position[][] {
  return rings.map((ring) => ring.map(roundPosition));
}

/** `Zone N`, N being the zone's position (or the next number not already used as a name). */
export function nextZoneName(fc: ZoneCollection): string {
  const used = new Set(
    fc.features.map((f) => (typeof f.properties?.name === 'string' ? f.properties.name.trim() : '')),
  );
  let n = fc.features.length + 1;
  const nameOf = (n: number) => i18n._(msg`Zone ${n}`);
  while (used.has(nameOf(n))) n++;
  return nameOf(n);
}

function isPolygon(geometry: Geometry | null | undefined): geometry is Polygon {
  return geometry?.type === 'Polygon' && Array.isArray(geometry.coordinates);
}

/**
 * The next collection after draw reported changes (applied in order). Created polygons are
 * appended with their draw id and a default name; updated ones get the new geometry and keep
 * their id and properties; deleted ones are removed. Positions are rounded to 6 decimals.
 * Returns `value` itself when nothing changed.
 */
export function applyDrawChanges(value: ZoneCollection, changes: readonly DrawChange[]): ZoneCollection {
  let features = value.features;
  let changed = false;
  for (const change of changes) {
    const keys = zoneKeys({ type: 'FeatureCollection', features });
    for (const f of change.features) {
      const key = f.id === undefined || f.id === null ? null : String(f.id);
      if (key === null) continue;
      const index = keys.indexOf(key);
      if (change.type === 'delete') {
        if (index < 0) continue;
        features = features.filter((_, i) => i !== index);
        keys.splice(index, 1);
        changed = true;
        continue;
      }
      if (!isPolygon(f.geometry)) continue;
      const geometry: Polygon = { type: 'Polygon', coordinates: roundRings(f.geometry.coordinates) };
      if (index >= 0) {
        const current = features[index]!;
        if (isPolygon(current.geometry) && sameRings(current.geometry.coordinates, geometry.coordinates))
          continue;
        features = features.map((feature, i) => (i === index ? { ...feature, geometry } : feature));
        changed = true;
      } else if (change.type === 'create') {
        const name = nextZoneName({ type: 'FeatureCollection', features });
        features = [...features, { type: 'Feature', id: key, properties: { name }, geometry }];
        keys.push(key);
        changed = true;
      }
    }
  }
  return changed ? { ...value, features } : value;
}

/** Rings equal position by position (exact numbers). */
function sameRings(a: readonly (readonly Position[])[], b: readonly (readonly Position[])[]): boolean {
  if (a.length !== b.length) return false;
  for (let r = 0; r < a.length; r++) {
    const ra = a[r]!;
    const rb = b[r]!;
    if (ra.length !== rb.length) return false;
    for (let i = 0; i < ra.length; i++) {
      const pa = ra[i]!;
      const pb = rb[i]!;
      if (pa[0] !== pb[0] || pa[1] !== pb[1]) return false;
    }
  }
  return true;
}

function sameShape(a: readonly (readonly Position[])[], b: readonly (readonly Position[])[]): boolean {
  return a.length === b.length && a.every((ring, r) => ring.length === b[r]!.length);
}

/** True when every position is a finite, in-range `[lon, lat]` (draw and maplibre can show it). */
function drawable(rings: readonly (readonly Position[])[]): boolean {
  if (rings.length === 0) return false;
  return rings.every((ring) => ring.length > 0 && ring.every((p) => isLonLat(p)));
}

/** Rings closed (draw drops the last position of each ring, assuming it repeats the first). */
function closeRings(rings: readonly (readonly Position[])[]): Position[][] {
  return rings.map((ring) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    const out = ring.map((p) => [p[0]!, p[1]!]);
    if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0]!, first[1]!]);
    return out;
  });
}

/**
 * The features draw should hold for this value: each drawable Polygon under its key, with the
 * properties the draw styles read (`name`, `color`). Features that are not polygons or have
 * unusable positions are left out (the zone panel still lists them).
 */
export function toDrawFeatures(
  value: ZoneCollection,
  colorOf: (index: number) => string = () => '',
): Feature<Polygon>[] {
  const keys = zoneKeys(value);
  const out: Feature<Polygon>[] = [];
  value.features.forEach((feature, index) => {
    if (!isPolygon(feature.geometry) || !drawable(feature.geometry.coordinates)) return;
    const name = feature.properties?.name;
    out.push({
      type: 'Feature',
      id: keys[index]!,
      properties: { name: typeof name === 'string' ? name : '', color: colorOf(index) },
      geometry: { type: 'Polygon', coordinates: closeRings(feature.geometry.coordinates) },
    });
  });
  return out;
}

function sameDrawProperties(a: Feature['properties'], b: Feature['properties']): boolean {
  return (a?.name ?? '') === (b?.name ?? '') && (a?.color ?? '') === (b?.color ?? '');
}

/**
 * What to change in draw (holding `current`) so it shows `desired` (from `toDrawFeatures`).
 * `keep`: ids draw holds that must not be removed although the value lacks them (the polygon
 * being drawn, which the value only gets when it is finished).
 */
export function diffDrawFeatures(
  desired: readonly Feature<Polygon>[],
  current: readonly Feature<Geometry | null>[],
  keep: ReadonlySet<string> = new Set(),
): DrawDiff {
  const byId = new Map(current.map((f) => [String(f.id), f]));
  const wanted = new Set(desired.map((f) => String(f.id)));
  const diff: DrawDiff = { add: [], update: [], remove: [], reshaped: [] };
  for (const feature of desired) {
    const id = String(feature.id);
    const have = byId.get(id);
    if (!have || !isPolygon(have.geometry)) {
      if (have) diff.remove.push(id);
      diff.add.push(feature);
      continue;
    }
    const sameCoordinates = sameRings(have.geometry.coordinates, feature.geometry.coordinates);
    if (!sameCoordinates || !sameDrawProperties(have.properties, feature.properties)) {
      diff.update.push(feature);
      if (!sameShape(have.geometry.coordinates, feature.geometry.coordinates)) diff.reshaped.push(id);
    }
  }
  for (const id of byId.keys()) if (!wanted.has(id) && !keep.has(id)) diff.remove.push(id);
  return diff;
}

export function isDrawDiffEmpty(diff: DrawDiff): boolean {
  return diff.add.length === 0 && diff.update.length === 0 && diff.remove.length === 0;
}
