/**
 * Reading KML (and KMZ, a zip holding a KML file) as zones to add. The browser parses the XML,
 * `@tmcw/togeojson` turns Placemarks into GeoJSON, and src/geo's `importFeatures` normalises
 * them. Areas are taken (Polygons, and MultiGeometries of them, one zone per part); other
 * Placemarks (points, lines) are named in a note and skipped. Loaded on the first KML import.
 */
import { kml } from '@tmcw/togeojson';
import type { Feature, Geometry } from 'geojson';
import { importFeatures, type GeoJsonImport } from '../geo';

const AREA_TYPES = new Set(['Polygon', 'MultiPolygon']);

/** "a point", "a line", or what the shape is when it is neither. */
function describeShape(geometry: Geometry | null): string {
  switch (geometry?.type) {
    case undefined:
      return 'no shape';
    case 'Point':
    case 'MultiPoint':
      return 'a point';
    case 'LineString':
    case 'MultiLineString':
      return 'a line';
    case 'GeometryCollection':
      return 'no area';
    default:
      return `a ${geometry?.type ?? 'shape'}`;
  }
}

/** Whether a Placemark holds an area: a polygon, or a MultiGeometry with at least one. */
function hasArea(geometry: Geometry | null): boolean {
  if (!geometry) return false;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.some(hasArea);
  return AREA_TYPES.has(geometry.type);
}

/** Zones from the text of a KML file, or why there are none. */
export function readKml(text: string): GeoJsonImport {
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error || doc.documentElement.localName !== 'kml') {
    const why = error?.textContent?.trim().split('\n')[0];
    return {
      ok: false,
      message: `This file is not KML${why ? ` (${why})` : ''}. Expected a .kml file as Google Earth, My Maps or QGIS export it.`,
    };
  }
  const placemarks = kml(doc).features as Feature<Geometry | null>[];
  const areas = placemarks.filter((f) => hasArea(f.geometry));
  const others = placemarks.filter((f) => !hasArea(f.geometry));
  const describe = (f: Feature<Geometry | null>) => {
    const name =
      typeof f.properties?.name === 'string' && f.properties.name.trim() !== ''
        ? `“${f.properties.name.trim()}”`
        : 'a placemark without a name';
    return `${name} (${describeShape(f.geometry)})`;
  };
  if (areas.length === 0) {
    return {
      ok: false,
      message:
        placemarks.length === 0
          ? 'This KML file has no placemarks, so there are no zones to import.'
          : `This KML file has no areas: its ${placemarks.length === 1 ? 'placemark is' : `${placemarks.length} placemarks are`} ${others.map(describe).join(', ')}. Delivery zones must be polygons.`,
    };
  }
  const result = importFeatures(
    areas.map((f) => ({
      id: typeof f.id === 'string' || typeof f.id === 'number' ? f.id : null,
      geometry: f.geometry,
      properties: typeof f.properties?.name === 'string' ? { name: f.properties.name } : {},
    })),
    { heights: false },
  );
  if (!result.ok || others.length === 0) return result;
  const skipped = `Skipped ${others.length === 1 ? '1 placemark that is not an area' : `${others.length} placemarks that are not areas`}: ${others.map(describe).join(', ')}.`;
  return { ...result, notes: [skipped, ...result.notes] };
}

/** The KML file inside a KMZ archive (`doc.kml`, else the first .kml), as text. */
export async function kmlFromKmz(bytes: ArrayBuffer): Promise<string> {
  const view = new DataView(bytes);
  // The end of the central directory: its signature within the last 64 KiB (a comment may follow it).
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('This KMZ file is not a readable zip archive.');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: { name: string; method: number; size: number; local: number }[] = [];
  for (let n = 0; n < count && view.getUint32(at, true) === 0x02014b50; n++) {
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      name: decoder.decode(new Uint8Array(bytes, at + 46, nameLength)),
      method: view.getUint16(at + 10, true),
      size: view.getUint32(at + 20, true),
      local: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const kmls = entries.filter((e) => /\.kml$/i.test(e.name));
  const entry = kmls.find((e) => /(^|\/)doc\.kml$/i.test(e.name)) ?? kmls[0];
  if (!entry) throw new Error('This KMZ archive holds no .kml file.');
  const start =
    entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
  const data = new Uint8Array(bytes, start, entry.size);
  if (entry.method === 0) return decoder.decode(data);
  if (entry.method !== 8)
    throw new Error(`${entry.name} in this KMZ archive is compressed in a way this dashboard cannot read.`);
  const stream = new Response(data).body!.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
