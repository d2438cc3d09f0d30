/**
 * Size and work caps on the delivery zones of one PUT, checked before the geometry
 * validation of `src/geo`. Its self-intersection sweep (`sweepline-intersections`) tests every
 * pair of edges that overlap in longitude: about n log n pairs for ordinary outlines, but about
 * n²/8 for comb-like rings (long thin spikes side by side), where a 45,000-vertex ring takes tens
 * of seconds. A branch's corners are capped (the dashboard's `zoneLimits.cornersPerBranch`
 * default is the same figure), and so is the number of pairs the sweep would test, which is
 * counted here exactly enough in O(n log n), so no single request holds the server for long.
 */
import type { ErrorDetail } from '../src/contract';
import { vertexCount } from '../src/geo/ring';

/**
 * Corners (a ring's positions less its closing one) of all of one branch's zones, unless
 * MAX_BRANCH_CORNERS says otherwise. Every stop in a page of jobs embeds its branch: at this
 * limit a branch's zones weigh about 210 KB of JSON at most (docs/production.md, "Limits").
 */
export const MAX_BRANCH_CORNERS = 5_000;
/**
 * Edge pairs the sweeps of one request may test (each ring alone, then the rings of a polygon
 * with holes together). Ordinary 10,000-vertex outlines need well under 100,000; a
 * 10,000-vertex random star about 5 million (~0.2 s); a 10,000-vertex comb about 44 million.
 */
export const MAX_EDGE_PAIRS = 10_000_000;

/**
 * Bytes (UTF-8 JSON, the form they are stored and sent in) that the `properties` of one zone,
 * and the ids and properties of all of one branch's zones together, may take, unless
 * MAX_ZONE_PROPERTIES_BYTES and MAX_BRANCH_ZONE_PROPERTIES_BYTES say otherwise. Every stop
 * embeds its whole branch, so these bound a page of jobs as the corner limit does
 * (docs/production.md, "Limits").
 */
export interface ZonePropertyLimits {
  perZone: number;
  perBranch: number;
}
export const ZONE_PROPERTY_LIMITS: Readonly<ZonePropertyLimits> = { perZone: 4_096, perBranch: 32_768 };

type Ring = readonly (readonly number[])[];
interface ZoneLike {
  geometry: { coordinates: readonly Ring[] };
}
interface ZoneWithProperties {
  id: string;
  properties: Readonly<Record<string, unknown>>;
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * Pairs of edges whose longitude ranges overlap (touching counts): for each edge in order of
 * its western end, the edges that started before it and have not ended yet, which is what the
 * sweep compares it with.
 */
export function edgePairsOverlappingInLongitude(rings: readonly Ring[]): number {
  let edges = 0;
  for (const ring of rings) edges += Math.max(0, ring.length - 1);
  const starts = new Float64Array(edges);
  const ends = new Float64Array(edges);
  let e = 0;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1]![0]!;
      const b = ring[i]![0]!;
      starts[e] = Math.min(a, b);
      ends[e] = Math.max(a, b);
      e++;
    }
  }
  starts.sort();
  ends.sort();
  let pairs = 0;
  let ended = 0;
  for (let i = 0; i < edges; i++) {
    while (ended < edges && ends[ended]! < starts[i]!) ended++;
    pairs += i - ended;
  }
  return pairs;
}

/** Work of validating one polygon: each ring's own sweep, plus one over all rings for holes. */
function polygonWork(rings: readonly Ring[]): number {
  let work = 0;
  for (const ring of rings) work += edgePairsOverlappingInLongitude([ring]);
  return rings.length > 1 ? work + edgePairsOverlappingInLongitude(rings) : work;
}

/**
 * Zones too big or too intricate to validate, as error details on
 * `branch.delivery_zones.features.N.geometry.coordinates[.R]` (empty when within the caps).
 */
export function zoneLimitIssues(features: readonly ZoneLike[], maxCorners: number): ErrorDetail[] {
  const path = (index: number) => `branch.delivery_zones.features.${index}.geometry.coordinates`;
  let total = 0;
  let firstOverTotal = -1;
  features.forEach((feature, index) => {
    total += vertexCount(feature.geometry.coordinates);
    if (total > maxCorners && firstOverTotal < 0) firstOverTotal = index;
  });
  if (firstOverTotal >= 0) {
    return [
      {
        path: path(firstOverTotal),
        message: `The delivery zones have ${count(total)} corners in all; a branch takes at most ${count(maxCorners)}. Simplify this zone or the others.`,
      },
    ];
  }
  let work = 0;
  for (const [index, feature] of features.entries()) {
    work += polygonWork(feature.geometry.coordinates);
    if (work > MAX_EDGE_PAIRS) {
      return [
        {
          path: path(index),
          message:
            'This zone is too intricate to check: it has many long edges side by side, like the teeth of a comb. Simplify it or split it into smaller zones.',
        },
      ];
    }
  }
  return [];
}

const bytes = (n: number) => `${count(n)} bytes`;

/**
 * Zones whose `properties` pass the limits, as error details on
 * `branch.delivery_zones.features.N.properties` (empty when within them): each zone whose
 * properties pass their own limit, else the zone at which the branch's ids and properties pass
 * the branch's.
 */
export function zonePropertyIssues(
  features: readonly ZoneWithProperties[],
  limits: ZonePropertyLimits,
): ErrorDetail[] {
  const path = (index: number) => `branch.delivery_zones.features.${index}.properties`;
  const json = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
  const properties = features.map((feature) => json(feature.properties));
  const each = properties.flatMap((size, index) =>
    size > limits.perZone
      ? [
          {
            path: path(index),
            message: `This zone's properties take ${bytes(size)} as JSON; a zone takes at most ${bytes(limits.perZone)}.`,
          },
        ]
      : [],
  );
  if (each.length > 0) return each;
  const sizes = features.map((feature, index) => json(feature.id) + properties[index]!);
  let total = 0;
  for (const [index, size] of sizes.entries()) {
    total += size;
    if (total > limits.perBranch) {
      const all = sizes.reduce((sum, next) => sum + next, 0);
      return [
        {
          path: path(index),
          message: `The zones' ids and properties take ${bytes(all)} as JSON in all; a branch takes at most ${bytes(limits.perBranch)}. Shorten this zone's or the others'.`,
        },
      ];
    }
  }
  return [];
}
