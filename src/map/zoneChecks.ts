/**
 * What the zone panel and the marker layers show about each zone: `validateZones` and
 * `zoneWarnings` from src/geo, keyed by the editor's zone keys. Pure.
 */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import { validateZones, type GeoIssue, type ZoneWarning, type zoneWarnings } from '../geo';
import { zoneKeys } from './sync';
import type { ContextArea, MapPin, ZoneCollection } from './types';

export type ZoneRow = {
  key: string;
  index: number;
  name: string;
  areaKm2: number | null;
  vertexCount: number;
  issues: GeoIssue[];
  warnings: ZoneWarning[];
};

export type MarkerProperties = { key: string; kind: 'issue' | 'warning' | 'invalid-outline'; message: string };

export type ZoneChecks = {
  rows: ZoneRow[];
  invalidCount: number;
  warningCount: number;
  /**
   * Crossing points and other located issues (red markers), overlap points (amber markers),
   * and the outlines of invalid zones as lines: the map's tiler drops polygons whose signed
   * area is about zero (a symmetric bow tie), so the fill alone may not show them.
   */
  markers: FeatureCollection<Point | LineString, MarkerProperties>;
};

/** The id src/geo gives a feature in warnings: its id as text, else `#n`. */
function geoId(feature: ZoneCollection['features'][number], index: number): string {
  const { id } = feature;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return `#${index + 1}`;
}

export type WarnFn = typeof zoneWarnings;

/**
 * `warn` is src/geo's `zoneWarnings`, passed in so the editor can load it after first paint
 * (warnings never block; without it there are simply none yet).
 */
export function checkZones(
  value: ZoneCollection,
  options: { context?: readonly ContextArea[]; pin?: MapPin | null; farKm?: number } = {},
  warn?: WarnFn,
): ZoneChecks {
  const keys = zoneKeys(value);
  const reports = validateZones(value);
  const pin = options.pin && Number.isFinite(options.pin.longitude) && Number.isFinite(options.pin.latitude) ? options.pin : null;
  const warnings = warn
    ? warn(value, {
        others: (options.context ?? []).map((c) => ({ branchId: c.id, fc: c.fc })),
        pin: pin ? [pin.longitude, pin.latitude] : null,
        ...(options.farKm !== undefined ? { farKm: options.farKm } : {}),
      })
    : [];

  const byGeoId = new Map<string, number[]>();
  value.features.forEach((feature, index) => {
    const id = geoId(feature, index);
    byGeoId.set(id, [...(byGeoId.get(id) ?? []), index]);
  });

  const rows: ZoneRow[] = reports.map((report, index) => ({
    key: keys[index]!,
    index,
    name: typeof value.features[index]?.properties?.name === 'string' ? (value.features[index]!.properties!.name as string) : '',
    areaKm2: report.areaKm2,
    vertexCount: report.vertexCount,
    issues: report.issues,
    warnings: [],
  }));
  for (const warning of warnings) {
    const owners = [warning.zoneId, ...(warning.code === 'zones_overlap' ? [warning.otherZoneId] : [])];
    for (const owner of owners) for (const index of byGeoId.get(owner) ?? []) rows[index]?.warnings.push(warning);
  }

  const markers: Feature<Point | LineString, MarkerProperties>[] = [];
  rows.forEach((row) => {
    const geometry = value.features[row.index]?.geometry;
    if (row.issues.length > 0 && geometry?.type === 'Polygon') {
      for (const ring of geometry.coordinates) {
        const line = ring.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90);
        if (line.length >= 2) {
          markers.push({ type: 'Feature', properties: { key: row.key, kind: 'invalid-outline', message: '' }, geometry: { type: 'LineString', coordinates: line } });
        }
      }
    }
    for (const issue of row.issues) {
      if (issue.position) {
        markers.push({ type: 'Feature', properties: { key: row.key, kind: 'issue', message: issue.message }, geometry: { type: 'Point', coordinates: issue.position } });
      }
    }
  });
  for (const warning of warnings) {
    if ('position' in warning) {
      const owner = byGeoId.get(warning.zoneId)?.[0];
      markers.push({
        type: 'Feature',
        properties: { key: owner === undefined ? '' : keys[owner]!, kind: 'warning', message: warning.message },
        geometry: { type: 'Point', coordinates: warning.position },
      });
    }
  }

  return {
    rows,
    invalidCount: rows.filter((r) => r.issues.length > 0).length,
    warningCount: warnings.length,
    markers: { type: 'FeatureCollection', features: markers },
  };
}
