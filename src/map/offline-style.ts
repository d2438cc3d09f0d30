/**
 * The embedded offline base map: water, Natural Earth land and country borders (1:50m, from
 * the `world-atlas` npm package, public domain) as inline GeoJSON sources. No glyphs, no
 * sprite, no tiles: nothing is fetched over the network. It has no text layers, since those
 * would need a glyphs URL.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
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

/** A maplibre style (version 8) built from a world-atlas topology with `countries` and `land` objects. */
export function buildOfflineStyle(topology: Topology, scheme: ColorScheme = 'light'): StyleSpecification {
  const colors = scheme === 'dark' ? OFFLINE_COLORS_DARK : OFFLINE_COLORS;
  const countries = topology.objects.countries as GeometryCollection | undefined;
  const landObject = topology.objects.land as GeometryCollection | undefined;
  if (!countries || !landObject) throw new Error('The offline map data has no countries or land.');
  const land = flattenLand(feature(topology, landObject) as FeatureCollection<Polygon | MultiPolygon>);
  const borders = mesh(topology, countries, (a, b) => a !== b);
  borders.coordinates = borders.coordinates.map(unwrapLongitudes);
  return {
    version: 8,
    name: 'Offline base map (Natural Earth 1:50m)',
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: borders } },
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

let topologyLoad: Promise<Topology> | null = null;
const built = new Map<ColorScheme, StyleSpecification>();

/**
 * The offline style in the light or dark palette; its data (Natural Earth's countries, a
 * large download) is imported on first use only.
 */
export function loadOfflineStyle(scheme: ColorScheme = 'light'): Promise<StyleSpecification> {
  topologyLoad ??= import('world-atlas/countries-50m.json')
    .then((mod) => (mod as { default: unknown }).default as Topology)
    .catch((error: unknown) => {
      topologyLoad = null;
      throw error;
    });
  return topologyLoad.then((topology) => {
    let style = built.get(scheme);
    if (!style) {
      style = buildOfflineStyle(topology, scheme);
      built.set(scheme, style);
    }
    return style;
  });
}
