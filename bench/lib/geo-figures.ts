/** Zone geometry figures, in Node: src/geo imported and called directly. */
import { normalizeZones, validatePolygon } from '../../src/geo';
import { median, timeSync } from './stats';
import { wavyRing, zone, type Ring } from './rings';

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
