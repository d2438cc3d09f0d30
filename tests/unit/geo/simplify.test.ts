/**
 * Simplifying zones to fit the branch's limits (src/geo/simplify.ts): as little as needed, and
 * borders two zones share simplified once for both. The real borders are Natural Earth's
 * countries at 1:50m from the `world-atlas` package (public domain), the countries of central
 * Europe taken as a branch's zones.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { normalizeZones, vertexCount, zoneWarnings } from '../../../src/geo';
import { simplifyToFit } from '../../../src/geo/simplify';
import { circle, square } from '../../support/geo';

type Rings = [number, number][][];

const CENTRAL_EUROPE = [
  'Germany',
  'France',
  'Belgium',
  'Netherlands',
  'Luxembourg',
  'Switzerland',
  'Liechtenstein',
  'Austria',
  'Czechia',
  'Poland',
  'Slovakia',
  'Hungary',
  'Slovenia',
  'Italy',
  'Denmark',
];

/** Each country's largest polygon (its mainland), rounded as the editor keeps zones. */
function countries(): Rings[] {
  const path = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const all = feature(topology, topology.objects.countries).features as {
    properties: { name?: string } | null;
    geometry: unknown;
  }[];
  const polygons = CENTRAL_EUROPE.map((name) => {
    const geometry = all.find((f) => f.properties?.name === name)!.geometry as Polygon | MultiPolygon;
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return parts.reduce((a, b) => (b[0]!.length > a[0]!.length ? b : a));
  });
  const zones = normalizeZones({
    type: 'FeatureCollection',
    features: polygons.map((coordinates, i) => ({
      id: CENTRAL_EUROPE[i],
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    })),
  });
  return zones.features.map((f) => f.geometry.coordinates as Rings);
}

function overlaps(polygons: Rings[]): number {
  const zones = {
    type: 'FeatureCollection',
    features: polygons.map((coordinates, i) => ({
      id: CENTRAL_EUROPE[i],
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    })),
  };
  return zoneWarnings(zones).filter((w) => w.code === 'zones_overlap').length;
}

const key = ([lon, lat]: [number, number]) => `${lon},${lat}`;
const both = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => b.has(x)));

describe('simplifyToFit over real borders', () => {
  const zones = countries();
  const before = zones.reduce((n, p) => n + vertexCount(p), 0);
  const limits = { perPolygon: 120, total: 700 };

  it('makes no overlap the borders did not have, where each zone simplified alone makes several', () => {
    expect(before).toBeGreaterThan(2 * limits.total);
    const fit = simplifyToFit(zones, limits)!;
    expect(fit.corners).toBeLessThanOrEqual(limits.total);
    expect(Math.max(...fit.polygons.map((p) => vertexCount(p)))).toBeLessThanOrEqual(limits.perPolygon);
    expect(overlaps(fit.polygons)).toBe(overlaps(zones));
    // The same room split between the zones, each simplified on its own: borders drift apart.
    const alone = zones.map((zone) =>
      simplifyToFit([zone], { perPolygon: limits.perPolygon, total: limits.total / zones.length })!,
    );
    expect(overlaps(alone.map((a) => a.polygons[0]!))).toBeGreaterThan(overlaps(zones));
  });

  it('keeps a shared border shared: the corners two neighbours kept on it are the same', () => {
    const fit = simplifyToFit(zones, limits)!;
    const cornersOf = (p: Rings) => new Set(p[0]!.map(key));
    let shared = 0;
    zones.forEach((a, i) =>
      zones.slice(i + 1).forEach((b, k) => {
        const j = i + 1 + k;
        const border = both(cornersOf(a), cornersOf(b));
        if (border.size < 2) return;
        shared += 1;
        const keptA = both(cornersOf(fit.polygons[i]!), border);
        const keptB = both(cornersOf(fit.polygons[j]!), border);
        expect(keptA).toEqual(keptB);
      }),
    );
    expect(shared).toBeGreaterThan(20);
  });

  it('says how far the borders moved at most, and every kept corner is one of the file', () => {
    const fit = simplifyToFit(zones, limits)!;
    const original = new Set(zones.flatMap((p) => p.flatMap((ring) => ring.map(key))));
    for (const polygon of fit.polygons)
      for (const ring of polygon) for (const p of ring) expect(original).toContain(key(p));
    expect(fit.displacementM).toBeGreaterThan(1_000);
    expect(fit.displacementM).toBeLessThan(100_000);
    const finer = simplifyToFit(zones, { perPolygon: 400, total: 2_000 })!;
    expect(finer.displacementM).toBeLessThan(fit.displacementM);
  });
});

describe('simplifyToFit', () => {
  const detailed = [[circle(-2.24, 53.48, 0.05, 2000)], [circle(-2.1, 53.48, 0.05, 1000)]];

  it('keeps each shape under the per-zone cap and all under the total, as little simplified as that needs', () => {
    const fit = simplifyToFit(detailed, { perPolygon: 500, total: 800 })!;
    const corners = fit.polygons.map((p) => vertexCount(p));
    expect(Math.max(...corners)).toBeLessThanOrEqual(500);
    expect(fit.corners).toBe(corners[0]! + corners[1]!);
    expect(fit.corners).toBeLessThanOrEqual(800);
    expect(fit.corners).toBeGreaterThan(790);
  });

  it('keeps rings closed, with at least three corners, and the shape where it was', () => {
    const fit = simplifyToFit(detailed, { perPolygon: 100, total: 200 })!;
    const ring = fit.polygons[0]![0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lon, lat] of ring) {
      expect(Math.hypot(lon + 2.24, lat - 53.48)).toBeCloseTo(0.05, 6);
    }
    const tiny = simplifyToFit(detailed, { perPolygon: 3, total: 6 })!;
    expect(tiny.polygons.map((p) => vertexCount(p))).toEqual([3, 3]);
  });

  it('answers null when even the coarsest shapes keep too many corners', () => {
    const many = Array.from({ length: 50 }, (_, i) => [square(i, 0, 0.1)]);
    expect(simplifyToFit(many, { perPolygon: 10, total: 100 })).toBeNull();
  });
});
