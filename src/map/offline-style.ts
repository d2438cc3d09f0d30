/**
 * The embedded offline base map: water, Natural Earth land and country borders (1:50m, from
 * the `world-atlas` npm package, public domain) as GeoJSON sources. No glyphs, no sprite, no
 * tiles: nothing is fetched over the network. It has no text layers, since those would need a
 * glyphs URL.
 *
 * In the browser the land and borders are made in a worker (offline-data.worker.ts) and handed
 * to maplibre as `data:` URLs, which maplibre's own worker reads: made here and handed over as
 * objects, they cost the page about a second of a slow phone's main thread (flattening, then
 * maplibre copying every position for its worker). Where there are no workers (Node, jsdom)
 * the sources hold the objects themselves.
 */
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { signedArea } from '../geo';

export const OFFLINE_COLORS = {
  water: '#d6e2ec',
  land: '#f3f1ea',
  coast: '#9fb1c1',
  border: '#a59f94',
} as const;

/** The same map for the dark theme: a light map would glare in a dark page. */
export const OFFLINE_COLORS_DARK = {
  water: '#111a24',
  land: '#262c33',
  coast: '#3f5163',
  border: '#6b6f76',
} as const;

export type ColorScheme = 'light' | 'dark';

/**
 * A ring or line made continuous across the antimeridian: longitudes shifted by 360° wherever
 * a step would jump more than 180° (world-atlas is spherical: Russia, Fiji, Wrangel Island
 * simply continue past 180°, which on a flat map becomes an edge across the whole world).
 * The result may leave [-180, 180]; maplibre's tiler wraps such parts onto the world copy.
 */
export function unwrapLongitudes(line: readonly Position[]): Position[] {
  const out: Position[] = [];
  let previous: number | null = null;
  for (const p of line) {
    let lon = p[0]!;
    if (previous !== null) {
      while (lon - previous > 180) lon -= 360;
      while (lon - previous < -180) lon += 360;
    }
    out.push([lon, p[1]!]);
    previous = lon;
  }
  return out;
}

/**
 * A closed ring drawn flat: continuous across the antimeridian; a ring that goes round a pole
 * (Antarctica) comes back 360° away from where it started, and is closed along the pole.
 * `null` for rings with no area on a flat map (a ring lying on the pole itself).
 */
export function flattenRing(ring: readonly Position[]): Position[] | null {
  const flat = unwrapLongitudes(ring);
  const first = flat[0];
  const last = flat[flat.length - 1];
  if (!first || !last || flat.length < 4) return null;
  const turns = Math.round((last[0]! - first[0]!) / 360);
  if (turns !== 0) {
    const poleLat = flat.reduce((sum, p) => sum + p[1]!, 0) < 0 ? -90 : 90;
    flat.push([last[0]!, poleLat], [first[0]!, poleLat], [first[0]!, first[1]!]);
  }
  return Math.abs(signedArea(flat)) > 1e-9 ? flat : null;
}

function wound(ring: Position[], counterClockwise: boolean): Position[] {
  return signedArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

/** Rings flattened (see `flattenRing`) and wound as RFC 7946 says: exterior counter-clockwise, holes clockwise. */
function flattenPolygon(rings: readonly Position[][]): Position[][] {
  const [exterior, ...holes] = rings.map(flattenRing);
  if (!exterior) return [];
  return [
    wound(exterior, true),
    ...holes.filter((h): h is Position[] => h !== null).map((h) => wound(h, false)),
  ];
}

/**
 * Land polygons ready for a flat map: continuous across the antimeridian, closed along the
 * pole when they go round it, and wound consistently (maplibre tells exteriors from holes by
 * winding; world-atlas follows d3's spherical convention). Without this, whole bands of sea
 * are filled at tile edges.
 */
function flattenLand(fc: FeatureCollection<Polygon | MultiPolygon>): FeatureCollection<MultiPolygon> {
  return {
    type: 'FeatureCollection',
    features: fc.features.map((f): Feature<MultiPolygon> => {
      const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      return {
        type: 'Feature',
        properties: f.properties ?? {},
        geometry: {
          type: 'MultiPolygon',
          coordinates: polygons.map(flattenPolygon).filter((p) => p.length > 0),
        },
      };
    }),
  };
}

/** The base map's two sources: land polygons, and the borders between countries as lines. */
export type OfflineData = {
  land: FeatureCollection<MultiPolygon>;
  borders: Feature<MultiLineString>;
};

/** The base map's sources as maplibre reads them: the GeoJSON itself, or a URL it fetches. */
export type OfflineSources = { land: OfflineData['land'] | string; borders: OfflineData['borders'] | string };

/** Land and borders ready for a flat map, from a world-atlas topology with `countries` and `land` objects. */
export function offlineData(topology: Topology): OfflineData {
  const countries = topology.objects.countries as GeometryCollection | undefined;
  const landObject = topology.objects.land as GeometryCollection | undefined;
  if (!countries || !landObject) throw new Error('The offline map data has no countries or land.');
  const land = flattenLand(feature(topology, landObject) as FeatureCollection<Polygon | MultiPolygon>);
  const borders = mesh(topology, countries, (a, b) => a !== b);
  borders.coordinates = borders.coordinates.map(unwrapLongitudes);
  return { land, borders: { type: 'Feature', properties: {}, geometry: borders } };
}

/** Numbers to 4 decimals (about 10 m): Natural Earth 1:50m's own steps are 0.0036° by 0.0017°. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e4) / 1e4;
  if (Array.isArray(value)) return value.map(rounded);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

/**
 * A GeoJSON object as a `data:` URL: JSON text, numbers to 4 decimals (half the text of the
 * positions as world-atlas gives them), `%` and `#` escaped (the only characters of JSON a
 * data URL reads otherwise).
 */
export function geojsonDataUrl(value: unknown): string {
  return `data:application/json,${JSON.stringify(rounded(value)).replace(/[%#]/g, encodeURIComponent)}`;
}

/** A maplibre style (version 8) built from a world-atlas topology with `countries` and `land` objects. */
export function buildOfflineStyle(topology: Topology, scheme: ColorScheme = 'light'): StyleSpecification {
  return offlineStyle(offlineData(topology), scheme);
}

/** The offline style over its sources (objects, or URLs maplibre's worker reads). */
export function offlineStyle(data: OfflineSources, scheme: ColorScheme = 'light'): StyleSpecification {
  const colors = scheme === 'dark' ? OFFLINE_COLORS_DARK : OFFLINE_COLORS;
  return {
    version: 8,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the style's name, never shown
    name: 'Offline base map (Natural Earth 1:50m)',
    sources: {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the data's maker, a name
      land: { type: 'geojson', data: data.land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: data.borders },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        paint: { 'fill-color': colors.land, 'fill-antialias': true },
      },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': colors.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 10, 1.5],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colors.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 1.6],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}

/** The sources made in a worker, as `data:` URLs (see the top of this file). */
function sourcesFromWorker(): Promise<OfflineSources> {
  const worker = new Worker(new URL('./offline-data.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<OfflineSources>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<OfflineSources>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message || 'the offline map data could not be read'));
    worker.postMessage(null);
  }).finally(() => worker.terminate());
}

/** The sources made here, as objects (no workers: Node, jsdom). */
function sourcesHere(): Promise<OfflineSources> {
  return import('world-atlas/countries-50m.json').then((mod) =>
    offlineData((mod as { default: unknown }).default as Topology),
  );
}

let sourcesLoad: Promise<OfflineSources> | null = null;
const built = new Map<ColorScheme, StyleSpecification>();

/**
 * The offline style in the light or dark palette; its data (Natural Earth's countries, a
 * large download) is read on first use only.
 */
export function loadOfflineStyle(scheme: ColorScheme = 'light'): Promise<StyleSpecification> {
  sourcesLoad ??= (typeof Worker === 'undefined' ? sourcesHere() : sourcesFromWorker()).catch(
    (error: unknown) => {
      sourcesLoad = null;
      throw error;
    },
  );
  return sourcesLoad.then((sources) => {
    let style = built.get(scheme);
    if (!style) {
      style = offlineStyle(sources, scheme);
      built.set(scheme, style);
    }
    return style;
  });
}
