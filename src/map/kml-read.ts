/**
 * Reading KML (and KMZ, a zip holding a KML file) as zones to add. The browser parses the XML,
 * `@tmcw/togeojson` turns Placemarks into GeoJSON, and src/geo's `importFeatures` normalises
 * them. Areas are taken (Polygons, and MultiGeometries of them, one zone per part); other
 * Placemarks (points, lines) are named in a note and skipped, as are image overlays and network
 * links. KML 2.0's custom-typed placemarks are read; GPS files (GPX, TCX) are told they hold no
 * zones. Loaded on the first KML import.
 */
/* eslint-disable lingui/no-unlocalized-strings -- what a KML file holds is told in English,
   as src/geo/import.ts tells a GeoJSON file's (inside the editor's translated notice): not yet
   from the catalog */
import { kml } from '@tmcw/togeojson';
import type { Feature, Geometry } from 'geojson';
import { importFeatures, type GeoJsonImport } from '../geo';
import { namedList } from '../geo/import';

const AREA_TYPES = new Set(['Polygon', 'MultiPolygon']);
/** What togeojson makes of KML elements that are not placemarks (`@geometry-type`), as people call them. */
const NOT_PLACEMARKS: Record<string, string> = {
  groundoverlay: 'image overlay',
  screenoverlay: 'image overlay',
  photooverlay: 'image overlay',
  networklink: 'network link',
};
/** The same elements in the document (togeojson reads some of them, not all): none is a zone. */
const IGNORED_ELEMENTS: Record<string, string> = {
  GroundOverlay: 'image overlay',
  ScreenOverlay: 'image overlay',
  PhotoOverlay: 'image overlay',
  NetworkLink: 'network link',
};
/** Root elements of GPS files (GPX, Garmin's TCX): tracks and points, never areas. */
const GPS_ROOTS = new Set(['gpx', 'TrainingCenterDatabase']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

type Placemark = Feature<Geometry | null>;

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

/** "2 points and 1 line": the shapes of placemarks, counted by kind. */
function countShapes(placemarks: readonly Placemark[]): string {
  const counts = new Map<string, number>();
  for (const f of placemarks) {
    const shape = describeShape(f.geometry).replace(/^an? /, '');
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return namedList(
    [...counts].map(([shape, n]) =>
      n === 1
        ? `1 ${shape}`
        : `${n.toLocaleString('en')} ${shape === 'no shape' ? 'without a shape' : `${shape}s`}`,
    ),
    counts.size,
  );
}

/**
 * Custom-typed placemarks of KML 2.0 and 2.1 (`<Schema name="Parcel" parent="Placemark">`, then
 * `<Parcel>` elements) made plain Placemarks, so that togeojson reads them.
 */
function adoptSchemaPlacemarks(doc: Document): void {
  for (const schema of Array.from(doc.getElementsByTagName('Schema'))) {
    const name = schema.getAttribute('name');
    if (schema.getAttribute('parent') !== 'Placemark' || !name || name === 'Placemark') continue;
    for (const element of Array.from(doc.getElementsByTagName(name))) {
      const placemark = doc.createElementNS(element.namespaceURI, 'Placemark');
      while (element.firstChild) placemark.appendChild(element.firstChild);
      element.replaceWith(placemark);
    }
  }
}

/** The first `<coordinates>` text of the element with a value that is not a number, else null. */
function notNumbers(element: Element | undefined): string | null {
  for (const coordinates of Array.from(element?.getElementsByTagName('coordinates') ?? [])) {
    const tuples = (coordinates.textContent ?? '').trim().split(/\s+/);
    const bad = tuples.find((tuple) => tuple !== '' && !tuple.split(',').every((v) => NUMBER.test(v)));
    if (bad !== undefined) return bad.length > 40 ? `${bad.slice(0, 37)}...` : bad;
  }
  return null;
}

/** Zones from the text of a KML file, or why there are none. */
export function readKml(text: string): GeoJsonImport {
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  const root = doc.documentElement.localName;
  if (!error && GPS_ROOTS.has(root)) {
    return {
      ok: false,
      message: `GPS tracks are not zones: this is a ${root === 'gpx' ? 'GPX' : 'TCX'} file of tracks, routes or waypoints. Draw the zones, or import polygons from GeoJSON, KML or KMZ.`,
    };
  }
  if (error || root !== 'kml') {
    const why = error?.textContent?.trim().split('\n')[0];
    return {
      ok: false,
      message: `This file is not KML${why ? ` (${why})` : ''}. Expected a .kml file as Google Earth, My Maps or QGIS export it.`,
    };
  }
  adoptSchemaPlacemarks(doc);
  const elements = Array.from(doc.getElementsByTagName('Placemark'));
  const all = kml(doc).features as Placemark[];
  const placemarks = all.filter((f) => !(String(f.properties?.['@geometry-type']) in NOT_PLACEMARKS));
  const ignored = ignoredNote(doc);
  const areas = placemarks.filter((f) => hasArea(f.geometry));
  const others = placemarks.filter((f) => !hasArea(f.geometry));
  const label = (f: Placemark) =>
    typeof f.properties?.name === 'string' && f.properties.name.trim() !== ''
      ? `“${f.properties.name.trim()}”`
      : 'a placemark without a name';
  // togeojson gives one feature per Placemark, in document order.
  const badCoordinates = (f: Placemark) => (f.geometry ? null : notNumbers(elements[placemarks.indexOf(f)]));
  const describe = (f: Placemark) => {
    const bad = badCoordinates(f);
    return `${label(f)} (${bad === null ? describeShape(f.geometry) : `coordinates that are not numbers: “${bad}”`})`;
  };
  if (areas.length === 0) {
    const unreadable = others.find((f) => badCoordinates(f) !== null);
    if (unreadable) {
      return {
        ok: false,
        message: `Coordinates must be numbers: ${label(unreadable)} has “${badCoordinates(unreadable)}”.`,
        items: others.map(describe),
      };
    }
    if (placemarks.length === 0) {
      return {
        ok: false,
        message: ignored
          ? `Delivery zones must be polygons, and this KML file has none. ${ignored}`
          : 'This KML file has no placemarks, so there are no zones to import.',
      };
    }
    const their =
      placemarks.length === 1
        ? 'its placemark is'
        : `its ${placemarks.length.toLocaleString('en')} placemarks are`;
    return {
      ok: false,
      message: `Delivery zones must be polygons, and this KML file has none: ${their} ${countShapes(others)}.`,
      items: others.map(describe),
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
  if (!result.ok) return result;
  const notes = [...result.notes];
  if (others.length > 0) {
    const what =
      others.length === 1
        ? '1 placemark that is not an area'
        : `${others.length.toLocaleString('en')} placemarks that are not areas`;
    notes.unshift(`Skipped ${what}: ${namedList(others.map(describe))}.`);
  }
  if (ignored) notes.push(ignored);
  return { ...result, notes };
}

/** "Ignored 1 image overlay and 2 network links: pictures and linked files are not zones." */
function ignoredNote(doc: Document): string | null {
  const counts = new Map<string, number>();
  for (const [tag, kind] of Object.entries(IGNORED_ELEMENTS)) {
    const n = doc.getElementsByTagName(tag).length;
    if (n > 0) counts.set(kind, (counts.get(kind) ?? 0) + n);
  }
  if (counts.size === 0) return null;
  const what = [...counts].map(([kind, n]) => (n === 1 ? `1 ${kind}` : `${n} ${kind}s`));
  return `Ignored ${namedList(what, what.length)}: images over the map and linked files are not zones.`;
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
