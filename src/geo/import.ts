import type { ZoneFeatureInput } from '../contract';
import { isRecord, zoneName, type GeometryLike, type ZoneFeatureLike } from './collection';
import { normalizeFeatures, type NormalizeReport, type NormalizeZonesOptions } from './normalize';
import { errorMessage } from '../lib/error-message';

/**
 * A feature of the file named in a problem or a note: its place in the file (from 1), its name,
 * and whether it is the file's only one ("the shape in this file").
 */
export type ImportFeatureRef = { feature: number; name: string | null; only: boolean };

/**
 * What a JSON value is, when it is not what was expected: `geojson` a GeoJSON type (as the file
 * spells it), `other_type` the `type` of an object that is not GeoJSON.
 */
export type JsonFound =
  | { kind: 'null' | 'array' | 'string' | 'number' | 'boolean' | 'untyped_object' | 'topojson' }
  | { kind: 'geojson' | 'other_type'; type: string };

/**
 * Shapes that are not polygons, counted by GeoJSON type in the order met; `null` is a feature
 * without geometry, `unknown` a geometry of no GeoJSON type.
 */
export type SkippedShapes = { type: string; count: number }[];

/**
 * Why a file gives no zones, as a code and its values (src/map/import-messages.ts words it in
 * the chosen language). Positions and numbers are given as the file holds them.
 */
export type ImportProblem =
  | { code: 'empty_file' | 'no_features' | 'no_features_list' }
  | { code: 'not_json'; error: string }
  | { code: 'not_geojson'; found: JsonFound }
  | { code: 'not_polygon_type'; type: string }
  | { code: 'foreign_crs'; crs: string }
  | { code: 'item_not_feature'; item: number; found: JsonFound }
  | { code: 'not_numbers'; feature: ImportFeatureRef; position: string }
  | { code: 'malformed'; feature: ImportFeatureRef }
  | { code: 'no_polygons'; skipped: SkippedShapes }
  | { code: 'out_of_range'; zone: string | null; lon: string; lat: string };

/** What was skipped or changed on the way, as a code and its values (worded as problems are). */
export type ImportNote =
  | { code: 'skipped'; shapes: number; skipped: SkippedShapes }
  | { code: 'split'; feature: ImportFeatureRef; ids: string[] }
  | { code: 'split_many'; features: { feature: ImportFeatureRef; parts: number }[] }
  | { code: 'heights_dropped' };

/**
 * Zones read from a file, with notes on what was skipped or changed; or the problem that
 * leaves none.
 */
export type GeoJsonImport =
  { ok: true; features: ZoneFeatureInput[]; notes: ImportNote[] } | { ok: false; problem: ImportProblem };

const GEOJSON_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Feature',
  'FeatureCollection',
]);
const WGS84 = /CRS84|EPSG:+4326|WGS ?84/i;

/**
 * Reads a GeoJSON file chosen by a branch manager. Accepts a Polygon, a MultiPolygon, a
 * GeometryCollection, a Feature or a FeatureCollection; MultiPolygons and collections of
 * polygons become one zone per polygon. Shapes that are not polygons (points, lines, features
 * without geometry) are skipped with a note, as long as at least one polygon remains; a file
 * without any polygon is refused, naming what it holds. Properties (including `name`) and ids
 * are kept; the result is normalised by `normalizeFeatures`. Geometric problems such as
 * self-intersections are not refused here: `validateZones` reports them on the imported zones.
 */
export function parseGeoJsonImport(text: string, options: NormalizeZonesOptions = {}): GeoJsonImport {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') return fail({ code: 'empty_file' });
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return fail({ code: 'not_json', error: errorMessage(error) });
  }
  if (!isRecord(value) || typeof value.type !== 'string')
    return fail({ code: 'not_geojson', found: found(value) });
  const crs = foreignCrs(value);
  if (crs !== null) return fail({ code: 'foreign_crs', crs });
  const features = readFeatures(value);
  if (!Array.isArray(features)) return fail(features);
  if (features.length === 0) return fail({ code: 'no_features' });
  return importFeatures(features, options);
}

/**
 * Features read from a file (GeoJSON, or KML through src/map/kml-read.ts) as zones to add:
 * normalised, one zone per polygon, with notes on what was skipped or split; refused when
 * nothing in them is a polygon or their coordinates are not polygon rings. `heights`: whether
 * dropped third coordinates deserve a note (KML always carries an altitude, usually 0).
 */
export function importFeatures(
  features: readonly ZoneFeatureLike[],
  { heights = true, ...options }: NormalizeZonesOptions & { heights?: boolean } = {},
): GeoJsonImport {
  const named = features.map(withName);
  const report = normalizeFeatures(named, options);
  if (report.notNumber) {
    const { index, position } = report.notNumber;
    return fail({ code: 'not_numbers', feature: featureRef(named, index), position: shown(position) });
  }
  const [malformed] = report.malformed;
  if (malformed !== undefined) return fail({ code: 'malformed', feature: featureRef(named, malformed) });
  if (report.features.length === 0) return fail({ code: 'no_polygons', skipped: skippedShapes(report) });
  const outside = firstOutOfRange(report.features);
  if (outside) {
    const [zone, [lon, lat]] = outside;
    return fail({
      code: 'out_of_range',
      zone: zoneName(zone.properties),
      lon: String(lon),
      lat: String(lat),
    });
  }
  const notes = notesFor(report, named).filter((note) => heights || note.code !== 'heights_dropped');
  return { ok: true, features: report.features, notes };
}

/** Keys read as the zone's name when it has no `name`: any case of "name", then of "title". */
const NAME_KEYS = [/^name$/i, /^title$/i];

/**
 * The feature with its name under `name`, read case-insensitively (`Name`, `NAME`, then
 * `title`): files from other tools spell it their way. A `Name` is moved; a `title` is copied.
 */
function withName(feature: ZoneFeatureLike): ZoneFeatureLike {
  const properties = feature.properties;
  if (!properties || zoneName(properties) !== null) return feature;
  for (const pattern of NAME_KEYS) {
    const key = Object.keys(properties).find(
      (k) => pattern.test(k) && typeof properties[k] === 'string' && properties[k].trim() !== '',
    );
    if (key === undefined) continue;
    const { [key]: name, ...rest } = properties;
    const kept = /^title$/i.test(key) ? properties : rest;
    return { ...feature, properties: { ...kept, name } };
  }
  return feature;
}

/** The first zone with a corner outside longitude [-180, 180] or latitude [-90, 90], and that corner. */
function firstOutOfRange(zones: readonly ZoneFeatureInput[]): [ZoneFeatureInput, [number, number]] | null {
  for (const zone of zones) {
    for (const ring of zone.geometry.coordinates) {
      for (const [lon, lat] of ring) {
        if (Math.abs(lon!) > 180 || Math.abs(lat!) > 90) return [zone, [lon!, lat!]];
      }
    }
  }
  return null;
}

/** A position as found in the file, short: `["0.1", "north"]`. */
function shown(position: unknown): string {
  const text = JSON.stringify(position) ?? String(position);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function fail(problem: ImportProblem): GeoJsonImport {
  return { ok: false, problem };
}

/** What a JSON value is, for a problem that names it. */
function found(value: unknown): JsonFound {
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'array' };
  if (!isRecord(value)) {
    const type = typeof value;
    return { kind: type === 'number' || type === 'boolean' ? type : 'string' };
  }
  if (typeof value.type !== 'string') return { kind: 'untyped_object' };
  if (value.type === 'Topology') return { kind: 'topojson' };
  return { kind: GEOJSON_TYPES.has(value.type) ? 'geojson' : 'other_type', type: value.type };
}

/** The name of a coordinate reference system other than WGS 84 (old GeoJSON `crs` member). */
function foreignCrs(value: Record<string, unknown>): string | null {
  const crs = value.crs;
  if (!isRecord(crs) || !isRecord(crs.properties)) return null;
  const { name, code } = crs.properties;
  const label = typeof name === 'string' ? name : typeof code === 'number' ? `EPSG:${code}` : null;
  return label === null || WGS84.test(label) ? null : label;
}

/** The features to import, or the problem that leaves none. */
function readFeatures(value: Record<string, unknown>): ZoneFeatureLike[] | ImportProblem {
  switch (value.type) {
    case 'FeatureCollection': {
      if (!Array.isArray(value.features)) return { code: 'no_features_list' };
      const features: ZoneFeatureLike[] = [];
      for (const [i, item] of (value.features as unknown[]).entries()) {
        if (!isRecord(item) || item.type !== 'Feature') {
          return { code: 'item_not_feature', item: i + 1, found: found(item) };
        }
        features.push(toFeature(item));
      }
      return features;
    }
    case 'Feature':
      return [toFeature(value)];
    case 'Polygon':
    case 'MultiPolygon':
    case 'GeometryCollection':
      return [{ geometry: value as GeometryLike, properties: {} }];
    default: {
      const what = found(value);
      return what.kind === 'geojson'
        ? { code: 'not_polygon_type', type: what.type }
        : { code: 'not_geojson', found: what };
    }
  }
}

function toFeature(item: Record<string, unknown>): ZoneFeatureLike {
  const { id, geometry, properties } = item;
  return {
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    geometry: isRecord(geometry) ? (geometry as GeometryLike) : null,
    properties: isRecord(properties) ? properties : null,
  };
}

function featureRef(features: readonly ZoneFeatureLike[], index: number): ImportFeatureRef {
  return { feature: index + 1, name: zoneName(features[index]?.properties), only: features.length === 1 };
}

/** The shapes skipped, counted by type: 2 LineStrings and 1 feature without geometry. */
function skippedShapes(report: NormalizeReport): SkippedShapes {
  const counts = new Map<string, number>();
  for (const type of report.skipped.flatMap((s) => s.types)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

function notesFor(report: NormalizeReport, features: readonly ZoneFeatureLike[]): ImportNote[] {
  const notes: ImportNote[] = [];
  const shapes = report.skipped.reduce((n, s) => n + s.types.length, 0);
  if (shapes > 0) notes.push({ code: 'skipped', shapes, skipped: skippedShapes(report) });
  const [first] = report.split;
  if (report.split.length === 1 && first) {
    notes.push({ code: 'split', feature: featureRef(features, first.index), ids: first.ids });
  } else if (report.split.length > 1) {
    notes.push({
      code: 'split_many',
      features: report.split.map(({ index, ids }) => ({
        feature: featureRef(features, index),
        parts: ids.length,
      })),
    });
  }
  if (report.droppedHeights) notes.push({ code: 'heights_dropped' });
  return notes;
}
