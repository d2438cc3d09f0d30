import type { ZoneFeatureInput } from '../contract';
import { isRecord, zoneName, type GeometryLike, type ZoneFeatureLike } from './collection';
import { normalizeFeatures, type NormalizeReport, type NormalizeZonesOptions } from './normalize';
import { errorMessage } from '../lib/error-message';
import { countOf, pluralForm } from '../lib/count';

/**
 * Zones read from a file, with short notes on what was skipped or changed; or why there are
 * none: `message` leads with the reason, `items` lists what the file holds when that helps
 * (shown a few at a time).
 */
export type GeoJsonImport =
  | { ok: true; features: ZoneFeatureInput[]; notes: string[] }
  | { ok: false; message: string; items?: string[] };

/** What an empty file (or one of only spaces) is told. */
export const EMPTY_FILE = 'Empty file: there is nothing in it to import.';
/** How many names a note lists before "and N more". */
const NAMED = 3;

/** `"a", "b", "c" and 4 more`: the first few of a list, the rest counted. */
export function namedList(items: readonly string[], max = NAMED): string {
  if (items.length <= max) {
    return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  }
  return `${items.slice(0, max).join(', ')} and ${(items.length - max).toLocaleString('en')} more`;
}

const EXPECTED =
  'Expected GeoJSON with polygons: a Polygon, a MultiPolygon, a Feature, a FeatureCollection or a GeometryCollection.';
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
const HEIGHTS_NOTE = 'Heights (third coordinates) were dropped; zones are flat.';

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
  if (source.trim() === '') return fail(EMPTY_FILE);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return fail(`This file is not valid JSON: ${errorMessage(error)}`);
  }
  if (!isRecord(value) || typeof value.type !== 'string')
    return fail(`This file contains ${describeJson(value)}. ${EXPECTED}`);
  const crs = foreignCrs(value);
  if (crs !== null) {
    return fail(
      `This file uses the coordinate reference system ${crs}; zones need WGS 84 longitude and latitude (EPSG:4326). Export it again in that system.`,
    );
  }
  const features = readFeatures(value);
  if (typeof features === 'string') return fail(features);
  if (features.length === 0) return fail('This file has no features, so there are no zones to import.');
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
    return fail(
      `Coordinates must be numbers: ${lowerFirst(featureLabel(named, index))} has the position ${shown(position)}.`,
    );
  }
  const [malformed] = report.malformed;
  if (malformed !== undefined) {
    return fail(
      `Zones need polygon rings of [longitude, latitude] number pairs: ${lowerFirst(featureLabel(named, malformed))} has other coordinates.`,
    );
  }
  if (report.features.length === 0) {
    return fail(
      `Delivery zones must be polygons, and this file has none: it contains ${describeSkipped(report)}.`,
    );
  }
  const outside = firstOutOfRange(report.features);
  if (outside) {
    const [zone, [lon, lat]] = outside;
    const name = zoneName(zone.properties);
    return fail(
      `Coordinates out of range: longitude must be within -180 to 180 and latitude within -90 to 90, and ${name ? `the zone "${name}"` : 'a zone'} has a corner at ${lon}, ${lat} (lon, lat). The file may be in a projected system (metres); export it again in WGS 84 longitude and latitude (EPSG:4326).`,
    );
  }
  const notes = notesFor(report, named).filter((note) => heights || note !== HEIGHTS_NOTE);
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

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function fail(message: string): GeoJsonImport {
  return { ok: false, message };
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  if (!isRecord(value)) return `a JSON ${typeof value}`;
  if (typeof value.type !== 'string') return 'a JSON object without a "type" member, so it is not GeoJSON';
  if (value.type === 'Topology') return 'TopoJSON, not GeoJSON; convert it to GeoJSON first';
  return GEOJSON_TYPES.has(value.type)
    ? `a GeoJSON ${value.type}`
    : `an object of type "${value.type}", which is not GeoJSON`;
}

/** The name of a coordinate reference system other than WGS 84 (old GeoJSON `crs` member). */
function foreignCrs(value: Record<string, unknown>): string | null {
  const crs = value.crs;
  if (!isRecord(crs) || !isRecord(crs.properties)) return null;
  const { name, code } = crs.properties;
  const label = typeof name === 'string' ? name : typeof code === 'number' ? `EPSG:${code}` : null;
  return label === null || WGS84.test(label) ? null : label;
}

/** The features to import, or a message saying why there are none. */
function readFeatures(value: Record<string, unknown>): ZoneFeatureLike[] | string {
  switch (value.type) {
    case 'FeatureCollection': {
      if (!Array.isArray(value.features)) return `This FeatureCollection has no "features" list. ${EXPECTED}`;
      const features: ZoneFeatureLike[] = [];
      for (const [i, item] of (value.features as unknown[]).entries()) {
        if (!isRecord(item) || item.type !== 'Feature') {
          return `Item ${i + 1} of the FeatureCollection is not a GeoJSON Feature (it is ${describeJson(item)}).`;
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
      const notPolygon =
        typeof value.type === 'string' && GEOJSON_TYPES.has(value.type) ? ', which is not a polygon' : '';
      return `This file contains ${describeJson(value)}${notPolygon}. ${EXPECTED}`;
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

function featureLabel(features: readonly ZoneFeatureLike[], index: number): string {
  const name = zoneName(features[index]?.properties);
  if (features.length === 1) return name ? `The zone "${name}"` : 'The shape in this file';
  return `Feature ${index + 1}${name ? ` ("${name}")` : ''}`;
}

/** "2 LineStrings and 1 feature without geometry". */
function describeSkipped(report: NormalizeReport): string {
  const counts = new Map<string, number>();
  for (const type of report.skipped.flatMap((s) => s.types)) counts.set(type, (counts.get(type) ?? 0) + 1);
  const parts = [...counts].map(([type, n]) =>
    type === 'null'
      ? countOf(n, 'feature without geometry', 'features without geometry')
      : type === 'unknown'
        ? countOf(n, 'unrecognised geometry', 'unrecognised geometries')
        : countOf(n, type, `${type}s`),
  );
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function notesFor(report: NormalizeReport, features: readonly ZoneFeatureLike[]): string[] {
  const notes: string[] = [];
  const skipped = report.skipped.reduce((n, s) => n + s.types.length, 0);
  if (skipped > 0) {
    const what = pluralForm(skipped, 'is not a polygon', 'are not polygons');
    notes.push(`Skipped ${countOf(skipped, 'shape', 'shapes')} that ${what}: ${describeSkipped(report)}.`);
  }
  const [first] = report.split;
  if (report.split.length === 1 && first) {
    notes.push(
      `${featureLabel(features, first.index)} has ${first.ids.length} separate parts; each became its own zone (${first.ids.join(', ')}).`,
    );
  } else if (report.split.length > 1) {
    const parts = report.split.map(({ index, ids }) => `${featureLabel(features, index)} (${ids.length})`);
    notes.push(
      `${report.split.length} shapes have separate parts, and each part became its own zone: ${namedList(parts)}.`,
    );
  }
  if (report.droppedHeights) notes.push(HEIGHTS_NOTE);
  return notes;
}
