/**
 * Reading KML (and KMZ, a zip holding a KML file) as zones to add. The browser parses the XML,
 * `@tmcw/togeojson` turns Placemarks into GeoJSON, and src/geo's `importFeatures` normalises
 * them. Areas are taken (Polygons, and MultiGeometries of them, one zone per part); other
 * Placemarks (points, lines) are named in a note and skipped, as are image overlays and network
 * links. KML 2.0's custom-typed placemarks are read; GPS files (GPX, TCX) are told they hold no
 * zones. What it tells is worded from the map's catalog in the chosen language (names and
 * the XML parser's own words as they come). Loaded on the first KML import.
 */
import { msg, plural } from '@lingui/core/macro';
import { kml } from '@tmcw/togeojson';
import type { Feature, Geometry } from 'geojson';
import { importFeatures } from '../geo';
import { i18n } from '../i18n';
import { importRead, listText, namedList, type ZonesRead } from './import-messages';

// eslint-disable-next-line lingui/no-unlocalized-strings -- GeoJSON geometry types
const AREA_TYPES = new Set(['Polygon', 'MultiPolygon']);
type Ignored = 'overlay' | 'link';
/** What togeojson makes of KML elements that are not placemarks (`@geometry-type`). */
const NOT_PLACEMARKS = new Set(['groundoverlay', 'screenoverlay', 'photooverlay', 'networklink']);
/** The same elements in the document (togeojson reads some of them, not all): none is a zone. */
const IGNORED_ELEMENTS: Record<string, Ignored> = {
  GroundOverlay: 'overlay',
  ScreenOverlay: 'overlay',
  PhotoOverlay: 'overlay',
  NetworkLink: 'link',
};
/** Root elements of GPS files (GPX, Garmin's TCX): tracks and points, never areas. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- XML element names
const GPS_ROOTS = new Set(['gpx', 'TrainingCenterDatabase']);
/** KML's element names. */
const PLACEMARK = 'Placemark';
const SCHEMA = 'Schema';
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

type Placemark = Feature<Geometry | null>;
/** What a placemark that is not an area holds: a point, a line, nothing, no area, or another type. */
type Shape = 'point' | 'line' | 'none' | 'no_area' | { type: string };

function shapeOf(geometry: Geometry | null): Shape {
  if (!geometry) return 'none';
  switch (geometry.type) {
    case 'Point':
    case 'MultiPoint':
      return 'point';
    case 'LineString':
    case 'MultiLineString':
      return 'line';
    case 'GeometryCollection':
      return 'no_area';
    default:
      return { type: geometry.type };
  }
}

/** "a point", "a line", or what the shape is when it is neither. */
function shapeText(shape: Shape): string {
  switch (shape) {
    case 'none':
      return i18n._(msg`no shape`);
    case 'point':
      return i18n._(msg`a point`);
    case 'line':
      return i18n._(msg`a line`);
    case 'no_area':
      return i18n._(msg`no area`);
    default: {
      const type = shape.type;
      return i18n._(msg`a ${type}`);
    }
  }
}

/** "2 points": placemarks of one shape, counted. */
function shapeCount(shape: Shape, count: number): string {
  switch (shape) {
    case 'none':
      return i18n._(msg`${plural(count, { one: '# no shape', other: '# without a shape' })}`);
    case 'point':
      return i18n._(msg`${plural(count, { one: '# point', other: '# points' })}`);
    case 'line':
      return i18n._(msg`${plural(count, { one: '# line', other: '# lines' })}`);
    case 'no_area':
      return i18n._(msg`${plural(count, { one: '# no area', other: '# no areas' })}`);
    default: {
      const type = shape.type;
      return i18n._(msg`${plural(count, { one: `# ${type}`, other: `# ${type}s` })}`);
    }
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
  const counts = new Map<string, [Shape, number]>();
  for (const f of placemarks) {
    const shape = shapeOf(f.geometry);
    const key = typeof shape === 'string' ? shape : shape.type;
    counts.set(key, [shape, (counts.get(key)?.[1] ?? 0) + 1]);
  }
  return listText([...counts.values()].map(([shape, n]) => shapeCount(shape, n)));
}

/**
 * Custom-typed placemarks of KML 2.0 and 2.1 (`<Schema name="Parcel" parent="Placemark">`, then
 * `<Parcel>` elements) made plain Placemarks, so that togeojson reads them.
 */
function adoptSchemaPlacemarks(doc: Document): void {
  for (const schema of Array.from(doc.getElementsByTagName(SCHEMA))) {
    const name = schema.getAttribute('name');
    if (schema.getAttribute('parent') !== PLACEMARK || !name || name === PLACEMARK) continue;
    for (const element of Array.from(doc.getElementsByTagName(name))) {
      const placemark = doc.createElementNS(element.namespaceURI, PLACEMARK);
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

/** Zones from the text of a KML file, or why there are none, in the chosen language. */
export function readKml(text: string): ZonesRead {
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  const root = doc.documentElement.localName;
  if (!error && GPS_ROOTS.has(root)) {
    const format = root === 'gpx' ? 'GPX' : 'TCX';
    return {
      ok: false,
      message: i18n._(
        msg`GPS tracks are not zones: this is a ${format} file of tracks, routes or waypoints. Draw the zones, or import polygons from GeoJSON, KML or KMZ.`,
      ),
    };
  }
  if (error || root !== 'kml') {
    // The browser's own words on the XML, shown as it gives them.
    const why = error?.textContent?.trim().split('\n')[0];
    return {
      ok: false,
      message: why
        ? i18n._(
            msg`This file is not KML (${why}). Expected a .kml file as Google Earth, My Maps or QGIS export it.`,
          )
        : i18n._(msg`This file is not KML. Expected a .kml file as Google Earth, My Maps or QGIS export it.`),
    };
  }
  adoptSchemaPlacemarks(doc);
  const elements = Array.from(doc.getElementsByTagName(PLACEMARK));
  const all = kml(doc).features as Placemark[];
  const placemarks = all.filter((f) => !NOT_PLACEMARKS.has(String(f.properties?.['@geometry-type'])));
  const ignored = ignoredNote(doc);
  const areas = placemarks.filter((f) => hasArea(f.geometry));
  const others = placemarks.filter((f) => !hasArea(f.geometry));
  const label = (f: Placemark) => {
    const name = typeof f.properties?.name === 'string' ? f.properties.name.trim() : '';
    return name === '' ? i18n._(msg`a placemark without a name`) : i18n._(msg`“${name}”`);
  };
  // togeojson gives one feature per Placemark, in document order.
  const badCoordinates = (f: Placemark) => (f.geometry ? null : notNumbers(elements[placemarks.indexOf(f)]));
  const describe = (f: Placemark) => {
    const placemark = label(f);
    const bad = badCoordinates(f);
    const what =
      bad === null ? shapeText(shapeOf(f.geometry)) : i18n._(msg`coordinates that are not numbers: “${bad}”`);
    return i18n._(msg`${placemark} (${what})`);
  };
  if (areas.length === 0) {
    const unreadable = others.find((f) => badCoordinates(f) !== null);
    if (unreadable) {
      const placemark = label(unreadable);
      const bad = badCoordinates(unreadable) ?? '';
      return {
        ok: false,
        message: i18n._(msg`Coordinates must be numbers: ${placemark} has “${bad}”.`),
        items: others.map(describe),
      };
    }
    if (placemarks.length === 0) {
      return {
        ok: false,
        message: ignored
          ? i18n._(msg`Delivery zones must be polygons, and this KML file has none. ${ignored}`)
          : i18n._(msg`This KML file has no placemarks, so there are no zones to import.`),
      };
    }
    const count = placemarks.length;
    const shapes = countShapes(others);
    return {
      ok: false,
      message: i18n._(
        msg`Delivery zones must be polygons, and this KML file has none: ${plural(count, { one: 'its placemark is', other: 'its # placemarks are' })} ${shapes}.`,
      ),
      items: others.map(describe),
    };
  }
  const result = importRead(
    importFeatures(
      areas.map((f) => ({
        id: typeof f.id === 'string' || typeof f.id === 'number' ? f.id : null,
        geometry: f.geometry,
        properties: typeof f.properties?.name === 'string' ? { name: f.properties.name } : {},
      })),
      { heights: false },
    ),
  );
  if (!result.ok) return result;
  const notes = [...result.notes];
  if (others.length > 0) {
    const count = others.length;
    const list = namedList(others.map(describe));
    notes.unshift(
      i18n._(
        msg`Skipped ${plural(count, { one: '# placemark that is not an area', other: '# placemarks that are not areas' })}: ${list}.`,
      ),
    );
  }
  if (ignored) notes.push(ignored);
  return { ...result, notes };
}

/** "Ignored 1 image overlay and 2 network links: images over the map and linked files are not zones." */
function ignoredNote(doc: Document): string | null {
  const counts = new Map<Ignored, number>();
  for (const [tag, kind] of Object.entries(IGNORED_ELEMENTS)) {
    const n = doc.getElementsByTagName(tag).length;
    if (n > 0) counts.set(kind, (counts.get(kind) ?? 0) + n);
  }
  if (counts.size === 0) return null;
  const list = listText(
    [...counts].map(([kind, n]) =>
      kind === 'overlay'
        ? i18n._(msg`${plural(n, { one: '# image overlay', other: '# image overlays' })}`)
        : i18n._(msg`${plural(n, { one: '# network link', other: '# network links' })}`),
    ),
  );
  return i18n._(msg`Ignored ${list}: images over the map and linked files are not zones.`);
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
  if (end < 0) throw new Error(i18n._(msg`This KMZ file is not a readable zip archive.`));
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
  if (!entry) throw new Error(i18n._(msg`This KMZ archive holds no .kml file.`));
  const start =
    entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
  const data = new Uint8Array(bytes, start, entry.size);
  if (entry.method === 0) return decoder.decode(data);
  if (entry.method !== 8) {
    const name = entry.name;
    throw new Error(
      i18n._(msg`${name} in this KMZ archive is compressed in a way this dashboard cannot read.`),
    );
  }
  const stream = new Response(data).body!.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
