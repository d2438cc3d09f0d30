/**
 * The words of a zones file's import in the chosen language: src/geo's import (pure, also run
 * under plain Node) gives its problems and notes as codes and values; these say them from the
 * catalog, with the file's values (names, positions, GeoJSON types) as it holds them. Also the
 * lists those sentences hold ("a, b and 4 more"), for the KML reader too. No map library.
 */
import { msg, plural } from '@lingui/core/macro';
import type {
  GeoJsonImport,
  ImportFeatureRef,
  ImportNote,
  ImportProblem,
  JsonFound,
  SkippedShapes,
} from '../geo';
import { currentLocale, i18n } from '../i18n';
import { formatCount, numberFormat } from '../lib/count';

/** A file's zones with notes on what was skipped or changed, or why there are none, in words:
 * `message` leads with the reason, `items` lists what the file holds when that helps. */
export type ZonesRead =
  | { ok: true; features: Extract<GeoJsonImport, { ok: true }>['features']; notes: string[] }
  | { ok: false; message: string; items?: string[] };

/** How many names a note lists before "and N more". */
const NAMED = 3;

/** "a, b and c", in the chosen language. */
export function listText(items: readonly string[]): string {
  return new Intl.ListFormat(currentLocale().tag, { type: 'conjunction' }).format(items);
}

/** `"a", "b", "c" and 4 more`: the first few of a list, the rest counted. */
export function namedList(items: readonly string[], max = NAMED): string {
  const rest = items.length - max;
  return listText(
    rest > 0 ? [...items.slice(0, max), i18n._(msg`${plural(rest, { other: '# more' })}`)] : items,
  );
}

/** A place in the file ("feature 1203"), in the chosen digits, without grouping. */
const ordinal = (n: number) => numberFormat({ useGrouping: false }).format(n);

/** The feature at the start of a sentence or in a list: "The zone "Soho"", "Feature 3". */
function featureText({ feature, name, only }: ImportFeatureRef): string {
  const number = ordinal(feature);
  if (only) return name === null ? i18n._(msg`The shape in this file`) : i18n._(msg`The zone "${name}"`);
  return name === null ? i18n._(msg`Feature ${number}`) : i18n._(msg`Feature ${number} ("${name}")`);
}

/** The feature inside a sentence: "the zone "Soho"", "feature 3". */
function featureInSentence({ feature, name, only }: ImportFeatureRef): string {
  const number = ordinal(feature);
  if (only) return name === null ? i18n._(msg`the shape in this file`) : i18n._(msg`the zone "${name}"`);
  return name === null ? i18n._(msg`feature ${number}`) : i18n._(msg`feature ${number} ("${name}")`);
}

/** What a JSON value is: "a JSON array", "a GeoJSON Polygon". */
function foundText(found: JsonFound): string {
  switch (found.kind) {
    case 'null':
      return i18n._(msg({ message: 'null', comment: 'JSON null, as in "This file contains null."' }));
    case 'array':
      return i18n._(msg`a JSON array`);
    case 'string':
      return i18n._(msg`a JSON string`);
    case 'number':
      return i18n._(msg`a JSON number`);
    case 'boolean':
      return i18n._(msg`a JSON boolean`);
    case 'untyped_object':
      return i18n._(msg`a JSON object without a "type" member, so it is not GeoJSON`);
    case 'topojson':
      return i18n._(msg`TopoJSON, not GeoJSON; convert it to GeoJSON first`);
    case 'geojson': {
      const type = found.type;
      return i18n._(msg`a GeoJSON ${type}`);
    }
    case 'other_type': {
      const type = found.type;
      return i18n._(msg`an object of type "${type}", which is not GeoJSON`);
    }
  }
}

/** "2 LineStrings, 1 Point and 1 feature without geometry". */
function shapesText(skipped: SkippedShapes): string {
  if (skipped.length === 0) return i18n._(msg`nothing`);
  return listText(
    skipped.map(({ type, count }) => {
      if (type === 'null')
        return i18n._(
          msg`${plural(count, { one: '# feature without geometry', other: '# features without geometry' })}`,
        );
      if (type === 'unknown')
        return i18n._(
          msg`${plural(count, { one: '# unrecognised geometry', other: '# unrecognised geometries' })}`,
        );
      return i18n._(msg`${plural(count, { one: `# ${type}`, other: `# ${type}s` })}`);
    }),
  );
}

/** A sentence on what the file holds, then what a GeoJSON file of zones holds. */
function expecting(sentence: string): string {
  const expected = i18n._(
    msg`Expected GeoJSON with polygons: a Polygon, a MultiPolygon, a Feature, a FeatureCollection or a GeometryCollection.`,
  );
  return `${sentence} ${expected}`;
}

/** Why a file gives no zones (src/geo's import), in the chosen language. */
export function problemText(problem: ImportProblem): string {
  switch (problem.code) {
    case 'empty_file':
      return i18n._(msg`Empty file: there is nothing in it to import.`);
    case 'not_json': {
      const error = problem.error;
      return i18n._(msg`This file is not valid JSON: ${error}`);
    }
    case 'not_geojson': {
      const what = foundText(problem.found);
      return expecting(i18n._(msg`This file contains ${what}.`));
    }
    case 'not_polygon_type': {
      const type = problem.type;
      return expecting(i18n._(msg`This file contains a GeoJSON ${type}, which is not a polygon.`));
    }
    case 'no_features_list':
      return expecting(i18n._(msg`This FeatureCollection has no "features" list.`));
    case 'foreign_crs': {
      const crs = problem.crs;
      return i18n._(
        msg`This file uses the coordinate reference system ${crs}; zones need WGS 84 longitude and latitude (EPSG:4326). Export it again in that system.`,
      );
    }
    case 'item_not_feature': {
      const item = ordinal(problem.item);
      const what = foundText(problem.found);
      return i18n._(msg`Item ${item} of the FeatureCollection is not a GeoJSON Feature (it is ${what}).`);
    }
    case 'no_features':
      return i18n._(msg`This file has no features, so there are no zones to import.`);
    case 'not_numbers': {
      const feature = featureInSentence(problem.feature);
      const position = problem.position;
      return i18n._(msg`Coordinates must be numbers: ${feature} has the position ${position}.`);
    }
    case 'malformed': {
      const feature = featureInSentence(problem.feature);
      return i18n._(
        msg`Zones need polygon rings of [longitude, latitude] number pairs: ${feature} has other coordinates.`,
      );
    }
    case 'no_polygons': {
      const shapes = shapesText(problem.skipped);
      return i18n._(msg`Delivery zones must be polygons, and this file has none: it contains ${shapes}.`);
    }
    case 'out_of_range': {
      const { zone, lon, lat } = problem;
      const maxLatitude = formatCount(90);
      const maxLongitude = formatCount(180);
      return zone === null
        ? i18n._(
            msg`Coordinates out of range: longitude must be within -${maxLongitude} to ${maxLongitude} and latitude within -${maxLatitude} to ${maxLatitude}, and a zone has a corner at ${lon}, ${lat} (lon, lat). The file may be in a projected system (metres); export it again in WGS 84 longitude and latitude (EPSG:4326).`,
          )
        : i18n._(
            msg`Coordinates out of range: longitude must be within -${maxLongitude} to ${maxLongitude} and latitude within -${maxLatitude} to ${maxLatitude}, and the zone "${zone}" has a corner at ${lon}, ${lat} (lon, lat). The file may be in a projected system (metres); export it again in WGS 84 longitude and latitude (EPSG:4326).`,
          );
    }
  }
}

/** What was skipped or changed on the way (src/geo's import), in the chosen language. */
export function noteText(note: ImportNote): string {
  switch (note.code) {
    case 'skipped': {
      const count = note.shapes;
      const shapes = shapesText(note.skipped);
      return i18n._(
        msg`Skipped ${plural(count, { one: '# shape that is not a polygon', other: '# shapes that are not polygons' })}: ${shapes}.`,
      );
    }
    case 'split': {
      const feature = featureText(note.feature);
      const parts = note.ids.length;
      const ids = new Intl.ListFormat(currentLocale().tag, { type: 'unit', style: 'short' }).format(note.ids);
      return i18n._(
        msg`${feature} has ${plural(parts, { one: '# separate part', other: '# separate parts' })}; each became its own zone (${ids}).`,
      );
    }
    case 'split_many': {
      const count = note.features.length;
      const list = namedList(
        note.features.map(({ feature, parts }) => {
          const shape = featureText(feature);
          const n = numberFormat().format(parts);
          return i18n._(msg`${shape} (${n})`);
        }),
      );
      return i18n._(
        msg`${plural(count, { one: '# shape has separate parts, and each part became its own zone', other: '# shapes have separate parts, and each part became its own zone' })}: ${list}.`,
      );
    }
    case 'heights_dropped':
      return i18n._(msg`Heights (third coordinates) were dropped; zones are flat.`);
  }
}

/** src/geo's import in words: the zones and their notes, or why there are none. */
export function importRead(result: GeoJsonImport): ZonesRead {
  return result.ok
    ? { ok: true, features: result.features, notes: result.notes.map(noteText) }
    : { ok: false, message: problemText(result.problem) };
}
