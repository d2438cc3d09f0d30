// @vitest-environment jsdom
/**
 * Zones in files (src/map/zone-files.ts): what the editor exports reads back as the same zones,
 * files are told apart by their content, and every refusal names the file and says why.
 */
import { describe, expect, it } from 'vitest';
import { normalizeZones } from '../../src/geo';
import type { ZoneCollection } from '../../src/map/types';
import { importZonesFile, MAX_IMPORT_BYTES, zonesFile } from '../../src/map/zone-files';
import { reversed, square } from '../support/geo';

const zones: ZoneCollection = normalizeZones({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'north',
      properties: { name: 'North & <Hoxton>' },
      geometry: {
        type: 'Polygon',
        coordinates: [square(-0.1, 51.53, 0.02), reversed(square(-0.095, 51.535, 0.005))],
      },
    },
    {
      type: 'Feature',
      id: 'zone-7',
      properties: { name: 'East' },
      geometry: { type: 'Polygon', coordinates: [square(-0.07, 51.52, 0.01)] },
    },
  ],
}) as ZoneCollection;

async function imported(file: File) {
  const result = await importZonesFile(file);
  if (!result.ok) throw new Error(`refused: ${result.title}: ${result.message}`);
  return result;
}

describe('export, then import', () => {
  it('GeoJSON: the collection as it is, read back as the same zones', async () => {
    const file = await zonesFile(zones, 'LDN-01 zones', 'geojson');
    expect(file.name).toBe('LDN-01 zones.geojson');
    expect(file.type).toBe('application/geo+json');
    expect(JSON.parse(file.text)).toEqual(zones);
    const back = await imported(new File([file.text], file.name));
    expect(back.features).toEqual(zones.features);
    expect(back.title).toBe('Imported 2 zones from LDN-01 zones.geojson.');
    expect(back.notes).toEqual([]);
  });

  it('KML: ids, names, outlines and holes read back the same', async () => {
    const file = await zonesFile(zones, 'LDN-01 zones', 'kml');
    expect(file.name).toBe('LDN-01 zones.kml');
    expect(file.type).toBe('application/vnd.google-earth.kml+xml');
    const back = await imported(new File([file.text], file.name));
    expect(back.features).toEqual(zones.features);
  });
});

describe('import', () => {
  it('tells KML from GeoJSON by the content, whatever the file is called', async () => {
    const kml = (await zonesFile(zones, 'zones', 'kml')).text;
    const back = await imported(new File([kml], 'zones.json'));
    expect(back.features.map((f) => f.properties)).toEqual([{ name: 'North & <Hoxton>' }, { name: 'East' }]);
  });

  it('names one zone in the singular and passes on what was skipped', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Depot' }, geometry: { type: 'Point', coordinates: [0, 51] } },
        {
          type: 'Feature',
          properties: { name: 'Only' },
          geometry: { type: 'Polygon', coordinates: [square(0, 51, 0.01)] },
        },
      ],
    });
    const back = await imported(new File([text], 'mixed.geojson'));
    expect(back.title).toBe('Imported 1 zone from mixed.geojson.');
    expect(back.notes).toHaveLength(1);
  });

  it('refuses a file over 10 MB without reading it', async () => {
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'big.geojson');
    expect(await importZonesFile(big)).toEqual({
      ok: false,
      title: 'Could not import big.geojson',
      message: 'The file is larger than 10 MB.',
    });
  });

  it('refuses a file with no zones in it, saying what it holds', async () => {
    const points = new File([JSON.stringify({ type: 'Point', coordinates: [0, 51] })], 'point.json');
    expect(await importZonesFile(points)).toMatchObject({
      ok: false,
      title: 'Could not import point.json',
      message: expect.stringMatching(/point/i),
    });
    const notJson = new File(['{"type": "Polygon",'], 'zones.json');
    expect(await importZonesFile(notJson)).toMatchObject({
      ok: false,
      title: 'Could not import zones.json',
      message: expect.stringMatching(/^This file is not valid JSON/),
    });
  });

  it('says a file that is neither GeoJSON, KML nor KMZ is none of them, whatever its name', async () => {
    const bytes = new Uint8Array(256).map((_, i) => (i * 97 + 13) % 256);
    for (const file of [new File([bytes], 'zones.kml'), new File(['zones: north'], 'zones.txt')])
      expect(await importZonesFile(file)).toEqual({
        ok: false,
        title: `Could not import ${file.name}`,
        message: 'This file is not GeoJSON, KML or KMZ.',
      });
  });

  it('says a file could not be read when a KMZ archive is broken', async () => {
    const broken = new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0])], 'zones.kmz');
    expect(await importZonesFile(broken)).toEqual({
      ok: false,
      title: 'Could not read zones.kmz',
      message: 'This KMZ file is not a readable zip archive.',
    });
  });
});
