/** Zone geometry figures, in Node: src/geo imported and called directly. */
import { normalizeZones, validatePolygon, validateZones } from '../../src/geo';
import { clipPolygon, overlapOf } from '../../src/geo/overlap';
import { median, timeSync } from './stats';
import { SnapIndex } from '../../src/geo/snap';
import { Snapper } from '../../src/map/snapping';
import type { ZoneCollection as MapZones } from '../../src/map/types';
import { wavyRing, zone, zoneGrid, type Ring, type ZoneCollection } from './rings';

export const BIG_ZONE_VERTICES = 10_000;
const LONDON: [number, number] = [-0.1276, 51.5072];

/** The 10,000-vertex zone of the geometry figures: an ordinary outline about 17 km across. */
export function bigRing(): Ring {
  return wavyRing(BIG_ZONE_VERTICES, LONDON, 0.16);
}

/** The body of `PUT /v1/branches/{id}` that saves `rings` as the branch's only zone, normalised as the client sends it. */
export function bigZoneBody(rings: Ring[] = [bigRing()]): string {
  const fc = { type: 'FeatureCollection', features: [zone('big', 'Big', rings[0]!)] };
  return JSON.stringify({ branch: { delivery_zones: normalizeZones(fc) } });
}

export interface GeoFigures {
  zone_validate_10k_ms: number;
  zone_payload_10k_bytes: number;
  validateRuns: number;
}

export function geoFigures(runs: number): GeoFigures {
  const rings = [bigRing()];
  const issues = validatePolygon(rings);
  if (issues.length > 0) throw new Error(`the bench ring is invalid: ${issues[0]!.message}`);
  const times = timeSync(() => validatePolygon(rings), runs, 5);
  return {
    zone_validate_10k_ms: median(times),
    zone_payload_10k_bytes: Buffer.byteLength(bigZoneBody(rings)),
    validateRuns: runs,
  };
}

export interface ZoneCheckFigures {
  /** validateZones on 20 zones of 500 corners never checked before. */
  zones_check_20x500_ms: number;
  /** The same after one zone was renamed (a new collection, the same coordinates). */
  zones_recheck_rename_ms: number;
  /** The same after one zone was reshaped (new coordinates for that zone only). */
  zones_recheck_reshape_ms: number;
  runs: number;
}

/** A copy of `fc` with its own coordinate arrays (so nothing of it has been checked yet). */
function freshCopy(fc: ZoneCollection): ZoneCollection {
  return {
    ...fc,
    features: fc.features.map((f) => ({
      ...f,
      geometry: {
        ...f.geometry,
        coordinates: f.geometry.coordinates.map((r) => r.map((p) => [p[0], p[1]] as [number, number])),
      },
    })),
  };
}

/**
 * What the zone editor re-checks per edit (the form and the map each call validateZones on
 * the new value): every input is prepared before the clock starts, one per timed call.
 */
export function zoneCheckFigures(runs: number): ZoneCheckFigures {
  const warmUp = 3;
  const n = runs + warmUp;
  const base = zoneGrid(20, 500, LONDON);
  const fresh = Array.from({ length: n }, () => freshCopy(base));
  const renamed = fresh.map((fc, i) => {
    validateZones(fc);
    return {
      ...fc,
      features: fc.features.map((f, k) => (k === 0 ? { ...f, properties: { name: `Renamed ${i}` } } : f)),
    };
  });
  const reshaped = fresh.map((fc) => ({
    ...fc,
    features: fc.features.map((f, k) => (k === 7 ? freshCopy({ ...fc, features: [f] }).features[0]! : f)),
  }));
  const firsts = Array.from({ length: n }, () => freshCopy(base));
  const timed = (inputs: ZoneCollection[]) => {
    let i = 0;
    return median(timeSync(() => validateZones(inputs[i++]!), runs, warmUp));
  };
  return {
    zones_check_20x500_ms: timed(firsts),
    zones_recheck_rename_ms: timed(renamed),
    zones_recheck_reshape_ms: timed(reshaped),
    runs,
  };
}

export const CLIP_CORNERS = 500;

export interface ClipFigures {
  /** "Clip to neighbours": a 500-corner zone minus a 500-corner neighbour overlapping it. */
  clip_ms: number;
  /** The overlap of the same two measured (area and pieces), as a warning does once per edited pair. */
  overlap_ms: number;
  runs: number;
}

/** Two ordinary 500-corner outlines about 4 km across, overlapping by a third of their width. */
export function clipFigures(runs: number): ClipFigures {
  const zone = [wavyRing(CLIP_CORNERS, LONDON, 0.02)];
  const neighbour = [wavyRing(CLIP_CORNERS, [LONDON[0] + 0.04, LONDON[1]], 0.02)];
  if (!overlapOf(zone, neighbour)) throw new Error('the bench zones do not overlap');
  return {
    clip_ms: median(timeSync(() => clipPolygon(zone, [neighbour]), runs, 5)),
    overlap_ms: median(timeSync(() => overlapOf(zone, neighbour), runs, 5)),
    runs,
  };
}

/**
 * Building snapping's index of the edges of 20 zones of 500 corners (src/map/snapping.ts does it
 * on the first pointer move after the zones change). Median of 10 builds, in ms.
 */
export function snapIndexMs(): number {
  const grid = zoneGrid(20, 500, LONDON);
  const keys = grid.features.map((f) => f.id);
  const snapper = new Snapper();
  snapper.useIndex(SnapIndex);
  snapper.enabled = true;
  const pointer = grid.features[0]!.geometry.coordinates[0]![0]!;
  return median(
    timeSync(
      () => {
        snapper.setTargets({ ...(grid as unknown as MapZones) }, keys, []);
        snapper.target(pointer, 15, false, null);
      },
      10,
      2,
    ),
  );
}
