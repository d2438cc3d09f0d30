/**
 * Zones in files: GeoJSON, KML and KMZ read (told apart by their content, not their name),
 * GeoJSON and KML written. Export then import gives the same zones. Each reader loads with the
 * first file of its kind: most sessions import nothing. No maplibre, no draw.
 */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { errorMessage } from '../lib/error-message';
import { formatCount } from '../lib/count';
import type { ZonesRead } from './import-messages';
import type { ZoneCollection } from './types';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const NOT_A_ZONES_FILE = msg`This file is not GeoJSON, KML or KMZ.`;

/** An import's outcome as the editor tells it: zones to add (at least one), or why there are none. */
export type ZonesFileImport =
  | { ok: true; features: Extract<ZonesRead, { ok: true }>['features']; title: string; notes: string[] }
  | { ok: false; title: string; message: string; items?: string[] };

export type ZonesFile = { name: string; text: string; type: string };

/** The file's bytes (`Blob.arrayBuffer()`, or FileReader where a DOM lacks it, as jsdom does). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error(i18n._(msg`The file could not be read`)));
    reader.readAsArrayBuffer(file);
  });
}

type FileKind = 'kmz' | 'kml' | 'json' | 'empty' | 'other';

/**
 * What a file is, from its first kilobyte: a zip archive is KMZ, XML is KML (or GPX, told
 * apart by its reader), a bracket opens JSON; nothing but spaces is empty.
 */
function kindOf(bytes: ArrayBuffer): FileKind {
  const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 1024));
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return 'kmz';
  const text = new TextDecoder().decode(head);
  if (/^\uFEFF?\s*$/.test(text) && bytes.byteLength <= 1024) return 'empty';
  if (/^\uFEFF?\s*</.test(text)) return 'kml';
  return /^\uFEFF?\s*[{[]/.test(text) ? 'json' : 'other';
}

/**
 * Whether reading the file needs the browser's XML parser (KML and KMZ), which workers do not
 * have; read from its first kilobyte.
 */
export async function needsXmlParser(file: Blob): Promise<boolean> {
  const kind = kindOf(await readBytes(file.slice(0, 1024)));
  return kind === 'kml' || kind === 'kmz';
}

/** Zones from a GeoJSON, KML or KMZ file, told apart by `kindOf`, in the chosen language. */
async function readZonesFile(file: Blob): Promise<ZonesRead> {
  const bytes = await readBytes(file);
  switch (kindOf(bytes)) {
    case 'kmz': {
      const { kmlFromKmz, readKml } = await import('./kml-read');
      return readKml(await kmlFromKmz(bytes));
    }
    case 'kml': {
      const { readKml } = await import('./kml-read');
      return readKml(new TextDecoder().decode(bytes));
    }
    case 'json': {
      const [{ parseGeoJsonImport }, { importRead }] = await Promise.all([
        import('../geo/import'),
        import('./import-messages'),
      ]);
      return importRead(parseGeoJsonImport(new TextDecoder().decode(bytes)));
    }
    case 'empty': {
      const { problemText } = await import('./import-messages');
      return { ok: false, message: problemText({ code: 'empty_file' }) };
    }
    default:
      // Neither a zip, nor XML, nor JSON's opening bracket: not a zones file at all (a JSON
      // error about its first byte would only puzzle).
      return { ok: false, message: i18n._(NOT_A_ZONES_FILE) };
  }
}

/** The zones of a file chosen or dropped by the manager, with what to tell them (never throws). */
export async function importZonesFile(file: File): Promise<ZonesFileImport> {
  const fileName = file.name;
  if (file.size > MAX_IMPORT_BYTES) {
    const megabytes = formatCount(MAX_IMPORT_BYTES / 1024 / 1024);
    return {
      ok: false,
      title: i18n._(msg`Could not import ${fileName}`),
      message: i18n._(msg`The file is larger than ${megabytes} MB.`),
    };
  }
  let result: ZonesRead;
  try {
    result = await readZonesFile(file);
  } catch (error) {
    return { ok: false, title: i18n._(msg`Could not read ${fileName}`), message: errorMessage(error) };
  }
  if (!result.ok) {
    const { message, items } = result;
    return {
      ok: false,
      title: i18n._(msg`Could not import ${fileName}`),
      message,
      ...(items ? { items } : {}),
    };
  }
  const count = result.features.length;
  return {
    ok: true,
    features: result.features,
    title: i18n._(msg`Imported ${plural(count, { one: '# zone', other: '# zones' })} from ${fileName}.`),
    notes: result.notes,
  };
}

/** The zones as a file to download: `name.geojson` (the collection as it is) or `name.kml`. */
export async function zonesFile(
  zones: ZoneCollection,
  name: string,
  format: 'geojson' | 'kml',
): Promise<ZonesFile> {
  if (format === 'geojson') {
    return {
      name: `${name}.geojson`,
      text: `${JSON.stringify(zones, null, 2)}\n`,
      type: 'application/geo+json',
    };
  }
  const { zonesToKml } = await import('../geo/kml-write');
  return { name: `${name}.kml`, text: zonesToKml(zones, name), type: 'application/vnd.google-earth.kml+xml' };
}
