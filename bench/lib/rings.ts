/** Deterministic zone shapes for the benches: closed `[lon, lat]` rings and zone collections. */

export type Ring = [number, number][];

/**
 * An ordinary outline: a closed ring of `vertices` corners (plus the closing position) on an
 * ellipse with a gentle wave, counter-clockwise, around `[lon, lat]`, `radius` degrees of
 * latitude across (longitude scaled so it is round on the ground).
 */
export function wavyRing(vertices: number, [lon, lat]: [number, number], radius: number): Ring {
  const lonScale = 1 / Math.cos((lat * Math.PI) / 180);
  const ring: Ring = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    const r = radius * (1 + 0.02 * Math.sin(angle * 37));
    ring.push([lon + r * lonScale * Math.cos(angle), lat + r * Math.sin(angle)]);
  }
  ring.push([...ring[0]!]);
  return ring;
}

export interface Zone {
  type: 'Feature';
  id: string;
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] };
}

export interface ZoneCollection {
  type: 'FeatureCollection';
  features: Zone[];
}

export function zone(id: string, name: string, ring: Ring): Zone {
  return { type: 'Feature', id, properties: { name }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/**
 * `count` separate zones of `vertices` corners in a grid of 5 columns centred on `center`,
 * 0.02° apart with 0.008° radius (about 0.9 km): neighbours never touch.
 */
export function zoneGrid(count: number, vertices: number, center: [number, number]): ZoneCollection {
  const columns = 5;
  const rows = Math.ceil(count / columns);
  const step = 0.02;
  const lonScale = 1 / Math.cos((center[1] * Math.PI) / 180);
  const features = Array.from({ length: count }, (_, i) => {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const c: [number, number] = [
      center[0] + (col - (columns - 1) / 2) * step * lonScale,
      center[1] + (row - (rows - 1) / 2) * step,
    ];
    return zone(`bench-zone-${i + 1}`, `Bench zone ${i + 1}`, wavyRing(vertices, c, 0.008));
  });
  return { type: 'FeatureCollection', features };
}
