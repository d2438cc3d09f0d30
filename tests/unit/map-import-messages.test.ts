// @vitest-environment jsdom
/**
 * What the editor tells about a zones file (src/map/zone-files.ts, kml.ts, src/geo/import.ts,
 * import-plan.ts): the first sentence is the answer (added, or refused and why), lists are the
 * file's contents apart from the message, and each case is met with a file: togeojson's test
 * fixtures (BSD-2, tests/unit/geo/kml/togeojson) or small files made for the case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planImport } from '../../src/map/import-plan';
import { importZonesFile, type ZonesFileImport } from '../../src/map/zone-files';
import { square } from '../support/geo';

const file = (path: string) => {
  const name = path.split('/').at(-1)!;
  return new File([readFileSync(join(__dirname, 'geo', path))], name);
};

async function added(f: File) {
  const result = await importZonesFile(f);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

async function refused(f: File) {
  const result = await importZonesFile(f);
  if (result.ok) throw new Error(`expected ${f.name} to be refused`);
  expect(result.title).toBe(`Could not import ${f.name}`);
  return result;
}

describe('refusals lead with the reason', () => {
  it('an empty file, or one of only spaces, is an empty file', async () => {
    for (const f of [new File([], 'zones.geojson'), new File(['  \n\t'], 'zones.kml')]) {
      expect((await refused(f)).message).toBe('Empty file: there is nothing in it to import.');
    }
  });

  it('a GPX or TCX file is told that GPS tracks are not zones', async () => {
    expect((await refused(file('kml/togeojson/wpt.gpx'))).message).toMatch(
      /^GPS tracks are not zones: this is a GPX file/,
    );
    expect((await refused(file('kml/togeojson/sample.tcx'))).message).toMatch(
      /^GPS tracks are not zones: this is a TCX file/,
    );
  });

  it('coordinates outside longitude and latitude are refused, with the first bad corner', async () => {
    expect((await refused(file('geojson/projected.geojson'))).message).toMatch(
      /^Coordinates out of range: .* the zone "Depot area" has a corner at 530120\.5, 181250\.25 \(lon, lat\)\./,
    );
  });

  it('coordinates that are not numbers are named, in GeoJSON and in KML', async () => {
    expect((await refused(file('geojson/text-coordinates.geojson'))).message).toBe(
      'Coordinates must be numbers: feature 2 ("South") has the position ["-0.1","51.49"].',
    );
    const kml = await refused(file('kml/togeojson/bad.kml'));
    expect(kml.message).toBe('Coordinates must be numbers: a placemark without a name has “no,no”.');
    expect(kml.items).toContain('“hollow box” (coordinates that are not numbers: “no,30”)');
  });

  it('a file of many points says zones must be polygons first, and lists the points apart', async () => {
    const points = Array.from(
      { length: 238 },
      (_, i) =>
        `<Placemark><name>Stop ${i + 1}</name><Point><coordinates>${(i / 1000).toFixed(3)},51.5,0</coordinates></Point></Placemark>`,
    ).join('');
    const myMaps = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${points}<Placemark><name>Route</name><LineString><coordinates>0,51.5 0.1,51.6</coordinates></LineString></Placemark></Document></kml>`;
    const result = await refused(new File([myMaps], 'stops.kml'));
    expect(result.message).toBe(
      'Delivery zones must be polygons, and this KML file has none: its 239 placemarks are 238 points and 1 line.',
    );
    expect(result.items).toHaveLength(239);
    expect(result.items![0]).toBe('“Stop 1” (a point)');
  });

  it('a file refused for the branch limits carries no notes about zones it would have split', async () => {
    const multi = JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: 3 }, (_, i) => ({
        type: 'Feature',
        properties: { name: `Ward ${i + 1}` },
        geometry: { type: 'MultiPolygon', coordinates: [[square(i, 51, 0.1)], [square(i + 0.5, 51, 0.1)]] },
      })),
    });
    const read = await added(new File([multi], 'wards.geojson'));
    expect(read.notes).toEqual([
      '3 shapes have separate parts, and each part became its own zone: Feature 1 ("Ward 1") (2), Feature 2 ("Ward 2") (2), and Feature 3 ("Ward 3") (2).',
    ]);
    const plan = planImport(read as ZonesFileImport, 'wards.geojson', {
      existing: { type: 'FeatureCollection', features: [] },
      limits: { zonesPerBranch: 4, cornersPerZone: 100, cornersPerBranch: 1000 },
      context: [],
      pin: null,
      farKm: undefined,
    });
    expect(plan).toEqual({
      kind: 'refused',
      title: 'Could not import wards.geojson',
      message:
        'Too many zones for this branch: split the file or remove zones first. wards.geojson holds 6 areas with 24 corners. This branch takes at most 4 zones, 100 corners a zone and 1,000 corners in all.',
    });
  });
});

describe('what is read', () => {
  it('zone names under Name, NAME or title', async () => {
    const { features } = await added(file('geojson/names.geojson'));
    expect(features.map((f) => f.properties)).toEqual([
      { name: 'free_delivery', fee: 0 },
      { name: 'Zone B' },
      { title: 'Riverside', name: 'Riverside' },
      { name: 'Kept', Name: 'other', title: 'ignored' },
    ]);
  });

  it('KML image overlays and network links are ignored with a note, never zones', async () => {
    const { features, notes } = await added(file('kml/overlays.kml'));
    expect(features.map((f) => f.properties.name)).toEqual(['Centre']);
    expect(notes).toEqual([
      'Ignored 3 image overlays and 1 network link: images over the map and linked files are not zones.',
    ]);
    const overlay = await refused(file('kml/togeojson/ground_overlay.kml'));
    expect(overlay.message).toBe(
      'Delivery zones must be polygons, and this KML file has none. Ignored 1 image overlay: images over the map and linked files are not zones.',
    );
    expect((await refused(file('kml/togeojson/networklink.kml'))).message).toMatch(/Ignored 1 network link/);
  });

  it('KML 2.0 placemarks of a custom schema are read as placemarks', async () => {
    const { features, notes } = await added(file('kml/kml20-schema.kml'));
    expect(features.map((f) => f.properties.name)).toEqual(['Parcel 12', 'Parcel 13']);
    expect(notes).toEqual(['Skipped 1 placemark that is not an area: “Office” (a point).']);
  });

  it("togeojson's own polygon and schema files are read", async () => {
    expect((await added(file('kml/togeojson/polygon.kml'))).features[0]!.geometry.coordinates).toHaveLength(
      2,
    );
    expect((await added(file('kml/togeojson/schema.kml'))).features).toHaveLength(1);
  });
});
