/**
 * src/geo's GeoJSON import: the zones it reads, and the problems and notes it gives as codes and
 * values, read here in English as the editor words them (src/map/import-messages.ts).
 */
import { describe, expect, it } from 'vitest';
import { DeliveryZonesInput } from '../../../src/contract';
import { parseGeoJsonImport } from '../../../src/geo';
import { noteText, problemText } from '../../../src/map/import-messages';
import { hole, outer, reversed, square } from './fixtures';

const ids = () => {
  let n = 0;
  return { generateId: () => `imported-${++n}` };
};
const parse = (value: unknown) => parseGeoJsonImport(JSON.stringify(value), ids());
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });
const line = {
  type: 'LineString',
  coordinates: [
    [0, 0],
    [1, 1],
  ],
};

/** The zones read, and the notes in words. */
function accepted(result: ReturnType<typeof parseGeoJsonImport>) {
  if (!result.ok) throw new Error(`expected success, got: ${problemText(result.problem)}`);
  expect(DeliveryZonesInput.safeParse({ type: 'FeatureCollection', features: result.features }).success).toBe(
    true,
  );
  return { ...result, notes: result.notes.map(noteText) };
}

/** Why the file is refused, in words. */
function refused(result: ReturnType<typeof parseGeoJsonImport>): string {
  if (result.ok) throw new Error('expected the import to be refused');
  return problemText(result.problem);
}

describe('parseGeoJsonImport: accepted inputs', () => {
  it('reads a bare Polygon, normalised, holes kept', () => {
    const { features, notes } = accepted(parse(polygon(reversed(outer), hole)));
    expect(features).toEqual([
      {
        id: 'imported-1',
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [outer, hole] },
      },
    ]);
    expect(notes).toEqual([]);
  });

  it('splits a MultiPolygon into one zone per part', () => {
    const { features, notes } = accepted(
      parse({ type: 'MultiPolygon', coordinates: [[square(0, 0)], [square(2, 2)]] }),
    );
    expect(features.map((f) => f.id)).toEqual(['imported-1-1', 'imported-1-2']);
    expect(notes).toEqual([
      'The shape in this file has 2 separate parts; each became its own zone (imported-1-1, imported-1-2).',
    ]);
  });

  it('reads a Feature, keeping its id and properties', () => {
    const { features } = accepted(
      parse({
        type: 'Feature',
        id: 42,
        properties: { name: 'Soho', colour: 'red' },
        geometry: polygon(square(0, 51)),
      }),
    );
    expect(features).toMatchObject([{ id: '42', properties: { name: 'Soho', colour: 'red' } }]);
  });

  it('reads a FeatureCollection, skipping what is not a polygon with a note', () => {
    const { features, notes } = accepted(
      parse({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: 'a', properties: { name: 'North' }, geometry: polygon(square(0, 0)) },
          { type: 'Feature', properties: null, geometry: line },
          {
            type: 'Feature',
            properties: { name: 'Split' },
            geometry: { type: 'MultiPolygon', coordinates: [[square(3, 3)], [square(5, 5)]] },
          },
          { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
          { type: 'Feature', properties: {}, geometry: null },
          { type: 'Feature', properties: {}, geometry: line },
        ],
      }),
    );
    expect(features.map((f) => [f.id, f.properties.name])).toEqual([
      ['a', 'North'],
      ['imported-1-1', 'Split'],
      ['imported-1-2', 'Split'],
    ]);
    expect(notes).toEqual([
      'Skipped 4 shapes that are not polygons: 2 LineStrings, 1 Point, and 1 feature without geometry.',
      'Feature 3 ("Split") has 2 separate parts; each became its own zone (imported-1-1, imported-1-2).',
    ]);
  });

  it('reads a GeometryCollection of polygons', () => {
    const { features, notes } = accepted(
      parse({ type: 'GeometryCollection', geometries: [polygon(square(0, 0)), line, polygon(square(2, 0))] }),
    );
    expect(features.map((f) => f.id)).toEqual(['imported-1-1', 'imported-1-2']);
    expect(notes[0]).toBe('Skipped 1 shape that is not a polygon: 1 LineString.');
  });

  it('drops heights with a note, and accepts a byte-order mark and an explicit WGS 84 crs', () => {
    const withHeights = { type: 'Polygon', coordinates: [square(0, 0).map(([x, y]) => [x, y, 30])] };
    const text = `\uFEFF${JSON.stringify({ ...withHeights, crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } } })}`;
    const { features, notes } = accepted(parseGeoJsonImport(text, ids()));
    expect(features[0]!.geometry.coordinates).toEqual([square(0, 0)]);
    expect(notes).toEqual(['Heights (third coordinates) were dropped; zones are flat.']);
  });

  it('keeps geometric problems for validation instead of refusing them', () => {
    const bowTie = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ];
    expect(accepted(parse(polygon(bowTie))).features).toHaveLength(1);
  });
});

describe('parseGeoJsonImport: refused inputs', () => {
  it.each([
    ['{"type": "Polygon",', /^This file is not valid JSON: /],
    ['', /^Empty file: there is nothing in it to import\.$/],
    [
      '[1, 2]',
      /^This file contains a JSON array\. Expected GeoJSON with polygons: a Polygon, a MultiPolygon, a Feature, a FeatureCollection or a GeometryCollection\.$/,
    ],
    ['"zones"', /^This file contains a JSON string\. /],
    ['null', /^This file contains null\. /],
    [
      '{"name": "zones"}',
      /^This file contains a JSON object without a "type" member, so it is not GeoJSON\. /,
    ],
    [
      '{"type": "Topology", "objects": {}}',
      /^This file contains TopoJSON, not GeoJSON; convert it to GeoJSON first\. /,
    ],
    [
      '{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}',
      /^This file contains a GeoJSON LineString, which is not a polygon\. /,
    ],
    ['{"type": "Zones"}', /^This file contains an object of type "Zones", which is not GeoJSON\. /],
    [
      '{"type": "FeatureCollection", "features": []}',
      /^This file has no features, so there are no zones to import\.$/,
    ],
    ['{"type": "FeatureCollection"}', /^This FeatureCollection has no "features" list\. /],
    [
      '{"type": "FeatureCollection", "features": [{"type": "Polygon", "coordinates": []}]}',
      /^Item 1 of the FeatureCollection is not a GeoJSON Feature \(it is a GeoJSON Polygon\)\.$/,
    ],
  ])('refuses %j', (text, message) => {
    expect(refused(parseGeoJsonImport(text))).toMatch(message);
  });

  it('names what a file without polygons contains', () => {
    const result = parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 0] } },
        { type: 'Feature', properties: {}, geometry: line },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'no_polygons',
        skipped: [
          { type: 'Point', count: 2 },
          { type: 'LineString', count: 1 },
        ],
      },
    });
    expect(refused(result)).toBe(
      'Delivery zones must be polygons, and this file has none: it contains 2 Points and 1 LineString.',
    );
  });

  it('refuses coordinates that are not rings of number pairs, naming the feature', () => {
    const result = parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: polygon(square(0, 0)) },
        {
          type: 'Feature',
          properties: { name: 'Broken' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                ['0', '0'],
                [1, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'not_numbers',
        feature: { feature: 2, name: 'Broken', only: false },
        position: '["0","0"]',
      },
    });
    expect(refused(result)).toBe(
      'Coordinates must be numbers: feature 2 ("Broken") has the position ["0","0"].',
    );
    expect(refused(parse(polygon(...([[0, 0, 1]] as unknown as number[][][]))))).toMatch(
      /^Zones need polygon rings of \[longitude, latitude\] number pairs: the shape in this file has other coordinates\.$/,
    );
  });

  it('refuses projected coordinates', () => {
    const text = JSON.stringify({
      ...polygon(square(530000, 180000, 100)),
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } },
    });
    expect(refused(parseGeoJsonImport(text))).toBe(
      'This file uses the coordinate reference system urn:ogc:def:crs:EPSG::27700; zones need WGS 84 longitude and latitude (EPSG:4326). Export it again in that system.',
    );
  });
});
