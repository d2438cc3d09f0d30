/**
 * Zones as KML, the format Google Earth and My Maps read: one Placemark per zone, with its id,
 * its name and its polygon (outer boundary counter-clockwise, holes clockwise, 6 decimals).
 * Pure: a string is built. Reading KML needs the browser's XML parser: src/map/kml-read.ts.
 */
import { zoneName, type ZoneCollectionLike } from './collection';
import { normalizePolygon } from './normalize';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

function ringXml(
  ring: readonly (readonly number[])[],
  boundary: 'outerBoundaryIs' | 'innerBoundaryIs',
): string {
  const coordinates = ring.map((p) => `${p[0]},${p[1]}`).join(' ');
  return `<${boundary}><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></${boundary}>`;
}

function polygonXml(rings: readonly (readonly (readonly number[])[])[]): string {
  const [outer, ...holes] = normalizePolygon(rings);
  if (!outer) return '';
  return `<Polygon>${ringXml(outer, 'outerBoundaryIs')}${holes.map((h) => ringXml(h, 'innerBoundaryIs')).join('')}</Polygon>`;
}

/**
 * A KML document of the zones (Polygon and MultiPolygon features; others are left out), named
 * `title`. Each zone's id is its Placemark's id, its `name` property the Placemark's name.
 */
export function zonesToKml(fc: ZoneCollectionLike, title: string): string {
  const placemarks = fc.features.flatMap((feature) => {
    const geometry = feature.geometry as { type?: string; coordinates?: unknown } | null | undefined;
    let shape = '';
    if (geometry?.type === 'Polygon') shape = polygonXml(geometry.coordinates as number[][][]);
    else if (geometry?.type === 'MultiPolygon') {
      shape = `<MultiGeometry>${(geometry.coordinates as number[][][][]).map(polygonXml).join('')}</MultiGeometry>`;
    }
    if (!shape) return [];
    const id =
      feature.id === undefined || feature.id === null ? '' : ` id="${escapeXml(String(feature.id))}"`;
    const name = zoneName(feature.properties);
    return [`    <Placemark${id}>${name ? `<name>${escapeXml(name)}</name>` : ''}${shape}</Placemark>`];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${escapeXml(title)}</name>`,
    ...placemarks,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}
