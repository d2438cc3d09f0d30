/**
 * The coverage map's data (pure): every branch's zones as areas for the points map (inactive
 * branches dimmed, each zone named by branch and zone), a marker per branch at the middle of
 * its zones (zones a few kilometres wide vanish when the map shows several countries; the
 * markers cluster there and say where the branches are), and the overlaps between zones of
 * different branches, measured by src/geo/coverage.ts.
 */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../../i18n';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Branch, StopBranch } from '../../../contract';
import { bbox, bboxUnion, zoneName, type BBox } from '../../../geo';
import type { MarkerCollection } from '../../../map';
import { crossOwnerOverlaps, zonePolygons, type CrossOverlap, type OwnedZone } from '../../../geo/coverage';

export type CoverageBranch = Pick<Branch, 'id' | 'name' | 'active'> & {
  delivery_zones?: Branch['delivery_zones'];
};

export type CoverageZone = {
  /** `branchId` and the zone's index: unique on the map. */
  key: string;
  branchId: string;
  branchName: string;
  zoneName: string;
  /** The zone's id in its branch (what its editor selects), when it has one. */
  zoneId?: string;
  active: boolean;
};

export type CoverageOverlap = {
  key: string;
  a: CoverageZone;
  b: CoverageZone;
  areaKm2: number;
  bounds: BBox;
};

export type CoverageData = {
  /** The zones, for the map's `areas`. */
  areas: FeatureCollection<Polygon | MultiPolygon>;
  /** One marker per branch with zones, at the middle of their bounds; selecting it opens the branch. */
  markers: MarkerCollection;
  /** The overlaps' pieces, for the map's `overlaps`. */
  shaded: FeatureCollection<Polygon | MultiPolygon>;
  zones: CoverageZone[];
  /** Zones by key. */
  byKey: Map<string, CoverageZone>;
  overlaps: CoverageOverlap[];
  /** Branches with at least one zone, by name. */
  branches: { branch: CoverageBranch; zones: CoverageZone[] }[];
  /** Branches listed without any zone. */
  withoutZones: CoverageBranch[];
  bounds: BBox | null;
};

const KEY_SEPARATOR = '\u001f';
function zoneFallbackName(zone: string): string {
  return i18n._(msg`Zone ${zone}`);
}

/** "Camden: North", "Camden: North (inactive)": a branch's area said on the map. */
function areaLabel(branch: Pick<CoverageBranch, 'id' | 'name' | 'active'>, what: string): string {
  const name = branchLabel(branch);
  return branch.active ? i18n._(msg`${name}: ${what}`) : i18n._(msg`${name}: ${what} (inactive)`);
}

const BRANCH_COLOR = { active: '#1e293b', inactive: '#94a3b8' };
export const zoneKey = (branchId: string, index: number) => `${branchId}${KEY_SEPARATOR}${index}`;
export const branchOfKey = (key: string) => key.slice(0, key.lastIndexOf(KEY_SEPARATOR));

export const branchLabel = (b: Pick<CoverageBranch, 'id' | 'name'>) =>
  b.name ? `${b.name} (${b.id})` : b.id;

/** A zone's polygon as the overlap search reads it (owner: the branch; zone: the zone's key). */
export type OwnedPolygon = OwnedZone & { rings: [number, number][][] };

export type CoverageZones = Omit<CoverageData, 'overlaps' | 'shaded'> & {
  /** Every polygon of every zone, for `crossOwnerOverlaps` (in a worker: plain data). */
  owned: OwnedPolygon[];
};

/** The zones part of the coverage map's data: cheap, shown at once. */
export function coverageZones(branches: readonly (CoverageBranch | StopBranch)[]): CoverageZones {
  const sorted = [...branches].sort((x, y) => x.name.localeCompare(y.name) || x.id.localeCompare(y.id));
  const features: Feature<Polygon | MultiPolygon>[] = [];
  const zones: CoverageZone[] = [];
  const owned: OwnedPolygon[] = [];
  const listed: CoverageData['branches'] = [];
  const withoutZones: CoverageBranch[] = [];
  const markers: MarkerCollection['features'] = [];
  let box: BBox | null = null;

  for (const branch of sorted) {
    const fc = 'delivery_zones' in branch ? branch.delivery_zones : null;
    const mine: CoverageZone[] = [];
    let branchBox: BBox | null = null;
    (fc?.features ?? []).forEach((feature, index) => {
      const polygons = zonePolygons({ features: [feature] });
      if (polygons.length === 0) return;
      const id = typeof feature.id === 'number' ? String(feature.id) : feature.id;
      const zone: CoverageZone = {
        key: zoneKey(branch.id, index),
        ...(id ? { zoneId: id } : {}),
        branchId: branch.id,
        branchName: branch.name,
        zoneName:
          zoneName(feature.properties) ??
          zoneFallbackName(
            feature.id === undefined || feature.id === null ? String(index + 1) : String(feature.id),
          ),
        active: branch.active,
      };
      mine.push(zone);
      features.push({
        type: 'Feature',
        properties: {
          id: zone.key,
          label: areaLabel(branch, zone.zoneName),
          dim: !branch.active,
        },
        geometry:
          polygons.length === 1
            ? { type: 'Polygon', coordinates: polygons[0]! }
            : { type: 'MultiPolygon', coordinates: polygons },
      });
      for (const rings of polygons) {
        owned.push({ owner: branch.id, zone: zone.key, rings });
        const b = bbox(rings);
        if (b) {
          box = bboxUnion(box, b);
          branchBox = bboxUnion(branchBox, b);
        }
      }
    });
    zones.push(...mine);
    if (mine.length) {
      listed.push({ branch: branch as CoverageBranch, zones: mine });
      const b = branchBox;
      if (b) {
        const label = areaLabel(
          branch,
          i18n._(msg`${plural(mine.length, { one: '# zone', other: '# zones' })}`),
        );
        const name = branchLabel(branch);
        markers.push({
          type: 'Feature',
          properties: {
            id: `branch:${branch.id}`,
            shape: 'house',
            color: branch.active ? BRANCH_COLOR.active : BRANCH_COLOR.inactive,
            alert: false,
            label,
            targets: [{ id: mine[0]!.key, label: i18n._(msg`Open ${name}`) }],
            keys: mine.map((z) => z.key),
          },
          geometry: { type: 'Point', coordinates: [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] },
        });
      }
    } else withoutZones.push(branch as CoverageBranch);
  }
  return {
    areas: { type: 'FeatureCollection', features },
    markers: { type: 'FeatureCollection', features: markers },
    zones,
    byKey: new Map(zones.map((z) => [z.key, z])),
    branches: listed,
    withoutZones,
    bounds: box,
    owned,
  };
}

/** The zones' data with their overlaps (from `crossOwnerOverlaps(zones.owned)`): listed, and shaded on the map. */
export function withOverlaps(zones: CoverageZones, found: readonly CrossOverlap[]): CoverageData {
  const { byKey } = zones;
  // Parts of one zone (a MultiPolygon) overlapping the same other zone make one entry.
  const merged = new Map<string, CrossOverlap[]>();
  for (const o of found) {
    const key = `${o.a.zone}|${o.b.zone}`;
    merged.set(key, [...(merged.get(key) ?? []), o]);
  }
  const overlaps: CoverageOverlap[] = [...merged].map(([key, parts]) => ({
    key,
    a: byKey.get(parts[0]!.a.zone)!,
    b: byKey.get(parts[0]!.b.zone)!,
    areaKm2: parts.reduce((sum, p) => sum + p.areaKm2, 0),
    bounds: parts.slice(1).reduce((acc, p) => bboxUnion(acc, p.bounds), parts[0]!.bounds),
  }));
  overlaps.sort((x, y) => y.areaKm2 - x.areaKm2);
  const shaded = [...merged].map(([key, parts]): Feature<MultiPolygon> => ({
    type: 'Feature',
    properties: { id: `overlap:${key}` },
    geometry: { type: 'MultiPolygon', coordinates: parts.flatMap((p) => p.pieces) },
  }));
  const { owned: _owned, ...rest } = zones;
  return { ...rest, shaded: { type: 'FeatureCollection', features: shaded }, overlaps };
}

/** Zones and overlaps at once (the map computes the overlaps off the main thread instead). */
export function coverageData(branches: readonly (CoverageBranch | StopBranch)[]): CoverageData {
  const zones = coverageZones(branches);
  return withOverlaps(zones, crossOwnerOverlaps(zones.owned));
}
