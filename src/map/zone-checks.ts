/**
 * What the zone panel and the marker layers show about each zone: `validateZones` and
 * `zoneWarnings` from src/geo, keyed by the editor's zone keys. Pure.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../i18n';
import { formatCount } from '../lib/count';
import type { Feature, FeatureCollection, LineString, MultiPolygon, Point } from 'geojson';
import {
  featureId,
  interiorPoint,
  isLonLat,
  polygonAreaKm2,
  validateZones,
  type GeoIssue,
  type GeoIssueCode,
  type ZoneWarning,
  type zoneWarnings,
} from '../geo';
import type { MapLabel } from './labels';
import { zoneColor } from './palette';
import { zoneKeys } from './sync';
import type { ContextArea, MapPin, ZoneCollection } from './types';
import { areaZones, samePin, type ClipBy } from './zone-ops';

/**
 * The other side of an overlap, seen from one zone: its name, the other branch's label when it
 * is another branch's zone, and what clips the zone by it alone (`by.zone` of a zone of the
 * branch is its key).
 */
export type OverlapWith = { name: string; branch?: string; by: ClipBy };

/** A warning about a zone; an overlap says who with. */
export type RowWarning = ZoneWarning & { with?: OverlapWith };

export type ZoneRow = {
  key: string;
  index: number;
  name: string;
  /** The zone's colour, on the map and in the list. */
  color: string;
  areaKm2: number | null;
  vertexCount: number;
  issues: GeoIssue[];
  /** Warnings about this zone; an overlap between two zones of the branch is on the first one only. */
  warnings: RowWarning[];
  /** How many zones (of this branch and others) overlap this one. */
  overlaps: number;
  /** The zones (of this branch and others) that overlap this one. */
  neighbours: OverlapWith[];
  /** The zone's holes (inner rings): their ring number (1 for the first), area and a point inside. */
  holes: { ring: number; areaKm2: number | null; position: [number, number] | null }[];
};

export type MarkerProperties = {
  key: string;
  kind: 'issue' | 'invalid-outline' | 'overlap';
  message: string;
};

export type ZoneChecks = {
  rows: ZoneRow[];
  /** Warnings about the zones as a whole (the pin outside all of them). */
  general: ZoneWarning[];
  invalidCount: number;
  warningCount: number;
  /**
   * Crossing points and other located issues (red markers), the outlines of invalid zones as
   * lines (the map's tiler drops polygons whose signed area is about zero, a symmetric bow
   * tie, so the fill alone may not show them), and the areas where zones overlap (shaded).
   */
  markers: FeatureCollection<Point | LineString | MultiPolygon, MarkerProperties>;
  /** Each zone's number and name at a point inside it, and a short note at each located problem. */
  labels: MapLabel[];
};

/** What a located problem is called on the map, beside its marker. */
const ISSUE_LABELS: Partial<Record<GeoIssueCode, MessageDescriptor>> = {
  self_intersection: msg`Edges cross`,
  duplicate_position: msg`Repeated point`,
  not_closed: msg`Not closed`,
  hole_outside: msg`Hole meets the outline`,
  holes_intersect: msg`Holes overlap`,
};

/** "Zone 3": a zone without a name, by its number. */
function zoneTitle(number: number | string): string {
  return i18n._(msg`Zone ${number}`);
}

/** Per hole: what the list shows (rings are values: remembered per ring array). */
const holeFacts = new WeakMap<object, ZoneRow['holes'][number]>();

function holesOf(geometry: ZoneCollection['features'][number]['geometry'] | undefined): ZoneRow['holes'] {
  if (geometry?.type !== 'Polygon') return [];
  return geometry.coordinates.slice(1).map((ring, k) => {
    let facts = holeFacts.get(ring);
    if (!facts) {
      const finite = ring.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
      facts = {
        ring: k + 1,
        areaKm2: finite ? polygonAreaKm2([ring]) : null,
        position: finite ? interiorPoint([ring]) : null,
      };
      holeFacts.set(ring, facts);
    }
    return facts.ring === k + 1 ? facts : { ...facts, ring: k + 1 };
  });
}

/** Where each zone's label goes, per coordinates array (zones are values: see src/geo/README.md). */
const labelPoints = new WeakMap<object, [number, number] | null>();

function labelPoint(coordinates: number[][][]): [number, number] | null {
  let point = labelPoints.get(coordinates);
  if (point === undefined) {
    const finite = coordinates.every((ring) =>
      ring.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])),
    );
    point = finite && coordinates.length > 0 ? interiorPoint(coordinates) : null;
    labelPoints.set(coordinates, point);
  }
  return point;
}

/** The id src/geo gives a feature in warnings: its id as text, else `#n`. */
function geoId(feature: ZoneCollection['features'][number], index: number): string {
  return featureId(feature) ?? `#${index + 1}`;
}

export type WarnFn = typeof zoneWarnings;

/**
 * `warn` is src/geo's `zoneWarnings`, passed in so the editor can load it after first paint
 * (warnings never block; without it there are simply none yet).
 */
type CheckOptions = { context?: readonly ContextArea[]; pin?: MapPin | null; farKm?: number | undefined };

function checkZones(value: ZoneCollection, options: CheckOptions = {}, warn?: WarnFn): ZoneChecks {
  const keys = zoneKeys(value);
  const reports = validateZones(value);
  const pin =
    options.pin && Number.isFinite(options.pin.longitude) && Number.isFinite(options.pin.latitude)
      ? options.pin
      : null;
  const context = options.context ?? [];
  const warnings = warn
    ? warn(value, {
        others: context.map((c) => ({ branchId: c.id, fc: c.fc })),
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
    name:
      typeof value.features[index]?.properties?.name === 'string'
        ? (value.features[index]!.properties!.name as string)
        : '',
    color: zoneColor(index),
    areaKm2: report.areaKm2,
    vertexCount: report.vertexCount,
    issues: report.issues,
    warnings: [],
    overlaps: 0,
    neighbours: [],
    holes: holesOf(value.features[index]?.geometry),
  }));
  const titleOf = (index: number) => rows[index]!.name || zoneTitle(index + 1);
  const general: ZoneWarning[] = [];
  const markers: Feature<Point | LineString | MultiPolygon, MarkerProperties>[] = [];
  for (const warning of warnings) {
    if (warning.code === 'pin_outside_zones') {
      general.push(warning);
      continue;
    }
    const owners = byGeoId.get(warning.zoneId) ?? [];
    if (warning.code === 'far_from_branch') {
      for (const index of owners) rows[index]?.warnings.push(warning);
      continue;
    }
    const others = warning.code === 'zones_overlap' ? (byGeoId.get(warning.otherZoneId) ?? []) : [];
    let theirs: OverlapWith | undefined;
    if (warning.code === 'overlaps_other_branch') {
      const area = context.find((c) => c.id === warning.branchId);
      const zone = area && areaZones(area).find((z) => z.id === warning.otherZoneId);
      theirs = {
        name: zone?.name ?? zoneTitle(warning.otherZoneId),
        branch: area?.label ?? warning.branchId,
        by: { area: warning.branchId, zone: warning.otherZoneId },
      };
    }
    const withZone = (index: number | undefined): OverlapWith | undefined =>
      index === undefined ? undefined : { name: titleOf(index), by: { zone: keys[index]! } };
    for (const index of owners) {
      const other = theirs ?? withZone(others[0]);
      rows[index]!.warnings.push(other ? { ...warning, with: other } : warning);
      if (other) rows[index]!.neighbours.push(other);
    }
    for (const index of others) {
      const other = withZone(owners[0]);
      if (other) rows[index]!.neighbours.push(other);
    }
    for (const index of [...owners, ...others]) rows[index]!.overlaps++;
    markers.push({
      type: 'Feature',
      properties: {
        key: owners[0] === undefined ? '' : keys[owners[0]]!,
        kind: 'overlap',
        message: warning.message,
      },
      geometry: { type: 'MultiPolygon', coordinates: warning.pieces },
    });
  }

  const labels: MapLabel[] = [];
  rows.forEach((row) => {
    const geometry = value.features[row.index]?.geometry;
    if (geometry?.type === 'Polygon') {
      const at = labelPoint(geometry.coordinates);
      if (at)
        labels.push({
          id: `zone:${row.key}`,
          kind: 'zone',
          position: at,
          number: row.index + 1,
          text: row.name || zoneTitle(row.index + 1),
          color: row.color,
        });
    }
    if (row.issues.length > 0 && geometry?.type === 'Polygon') {
      for (const ring of geometry.coordinates) {
        const line = ring.filter((p) => isLonLat(p));
        if (line.length >= 2) {
          markers.push({
            type: 'Feature',
            properties: { key: row.key, kind: 'invalid-outline', message: '' },
            geometry: { type: 'LineString', coordinates: line },
          });
        }
      }
    }
    row.issues.forEach((issue, i) => {
      if (!issue.position) return;
      markers.push({
        type: 'Feature',
        properties: { key: row.key, kind: 'issue', message: issue.message },
        geometry: { type: 'Point', coordinates: issue.position },
      });
      const what = ISSUE_LABELS[issue.code];
      const number = formatCount(row.index + 1);
      const text = what && i18n._(what);
      if (text)
        labels.push({
          id: `issue:${row.key}:${i}`,
          kind: 'issue',
          position: issue.position,
          text: i18n._(msg`${text} (zone ${number})`),
        });
    });
  });
  return {
    rows,
    general,
    invalidCount: rows.filter((r) => r.issues.length > 0).length,
    warningCount: warnings.length,
    markers: { type: 'FeatureCollection', features: markers },
    labels,
  };
}

/**
 * `checkZones`, remembered: computed again only when the zones, the context, the pin, the
 * distance or `warn` differ from the last call's (zones are values: an edit makes new objects).
 */
export function rememberChecks() {
  let last: {
    value: ZoneCollection;
    options: CheckOptions;
    warn: WarnFn | undefined;
    checks: ZoneChecks;
  } | null = null;
  return (value: ZoneCollection, options: CheckOptions, warn?: WarnFn): ZoneChecks => {
    if (
      last?.value !== value ||
      last.options.context !== options.context ||
      !samePin(last.options.pin ?? null, options.pin ?? null) ||
      last.options.farKm !== options.farKm ||
      last.warn !== warn
    ) {
      last = { value, options, warn, checks: checkZones(value, options, warn) };
    }
    return last.checks;
  };
}
