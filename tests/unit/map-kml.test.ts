// @vitest-environment jsdom
/**
 * KML in and out (src/map/kml-read.ts reads with the browser's XML parser and @tmcw/togeojson;
 * src/geo/kml-write.ts writes): files written by hand to the shapes Google My Maps and QGIS export,
 * KMZ archives, refusals, and the round trip of the editor's own export.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCounterClockwise, normalizeZones, zonesToKml } from '../../src/geo';
import type { ZonesRead } from '../../src/map/import-messages';
import { kmlFromKmz, readKml } from '../../src/map/kml-read';
import { reversed, square } from '../support/geo';

const fixture = (name: string) => readFileSync(join(__dirname, 'geo', 'kml', name), 'utf8');

function accepted(result: ZonesRead) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe('readKml', () => {
  it('takes the polygon of a Google My Maps export, named by its placemark, and names the point and line it skips', () => {
    const { features, notes } = accepted(readKml(fixture('google-my-maps.kml')));
    expect(features).toHaveLength(1);
    const [hoxton] = features;
    expect(hoxton!.properties).toEqual({ name: 'Hoxton' });
    const ring = hoxton!.geometry.coordinates[0]!;
    // My Maps writes 7 decimals, an altitude and the ring clockwise: 6 decimals, flat, counter-clockwise.
    expect(ring[0]).toEqual([-0.083456, 51.531235]);
    expect(ring).toHaveLength(5);
    expect(isCounterClockwise(ring)).toBe(true);
    expect(notes).toEqual([
      'Skipped 2 placemarks that are not areas: “Depot” (a point) and “Morning round” (a line).',
    ]);
  });

  it('takes the polygons of a QGIS export: holes kept, a MultiGeometry split into one zone per part', () => {
    const { features, notes } = accepted(readKml(fixture('qgis.kml')));
    expect(features.map((f) => f.properties)).toEqual([
      { name: 'Camden' },
      { name: 'Islington' },
      { name: 'Islington' },
    ]);
    const camden = features[0]!.geometry.coordinates;
    expect(camden).toHaveLength(2);
    expect(isCounterClockwise(camden[0]!)).toBe(true);
    expect(isCounterClockwise(camden[1]!)).toBe(false); // the hole, clockwise
    expect(camden[1]![0]).toEqual([-0.145, 51.535]);
    expect(features[1]!.id).toMatch(/-1$/);
    expect(features[2]!.id).toMatch(/-2$/);
    expect(notes).toEqual([
      expect.stringMatching(/\("Islington"\) has 2 separate parts; each became its own zone/),
    ]);
  });

  it('refuses a KML file without areas, naming what it holds', () => {
    const points = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Depot</name><Point><coordinates>-0.07,51.52,0</coordinates></Point></Placemark>
      <Placemark><LineString><coordinates>-0.07,51.52 -0.06,51.53</coordinates></LineString></Placemark>
    </Document></kml>`;
    expect(readKml(points)).toEqual({
      ok: false,
      message:
        'Delivery zones must be polygons, and this KML file has none: its 2 placemarks are 1 point and 1 line.',
      items: ['“Depot” (a point)', 'a placemark without a name (a line)'],
    });
    expect(readKml('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>')).toMatchObject({
      ok: false,
      message: 'This KML file has no placemarks, so there are no zones to import.',
    });
  });

  it('refuses what is not KML: broken XML, or another XML document', () => {
    expect(readKml('<kml><Document>')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This file is not KML/),
    });
    expect(readKml('<svg xmlns="http://www.w3.org/2000/svg"></svg>')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This file is not KML\./),
    });
  });
});

describe('zonesToKml, then readKml', () => {
  const zones = {
    type: 'FeatureCollection',
    features: [
      // Drawn clockwise, with a hole drawn counter-clockwise and a name that needs escaping.
      {
        type: 'Feature',
        id: 'north',
        properties: { name: 'North & <Hoxton>' },
        geometry: {
          type: 'Polygon',
          coordinates: [reversed(square(-0.1, 51.53, 0.02)), square(-0.095, 51.535, 0.005)],
        },
      },
      {
        type: 'Feature',
        id: 'zone-7',
        properties: { name: 'East' },
        geometry: { type: 'Polygon', coordinates: [square(-0.07, 51.52, 0.01)] },
      },
    ],
  };

  it('gives back the same zones: ids, names, outlines and holes (as the editor sends them)', () => {
    const text = zonesToKml(zones, 'LDN-01 delivery zones');
    expect(text).toContain('<name>North &amp; &lt;Hoxton&gt;</name>');
    const { features, notes } = accepted(readKml(text));
    expect(notes).toEqual([]);
    expect({ type: 'FeatureCollection', features }).toEqual(normalizeZones(zones));
  });
});

/** A zip archive as KMZ files are: entries stored or deflated (no checksums: readers here do not check them). */
function zip(entries: { name: string; text: string; deflate: boolean }[]): ArrayBuffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const raw = Buffer.from(e.text);
    const body = e.deflate ? deflateRawSync(raw) : raw;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const all = Buffer.concat([...locals, directory, end]);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer;
}

describe('kmlFromKmz', () => {
  const kml = fixture('qgis.kml');

  it('reads doc.kml out of a KMZ archive, deflated or stored, beside other files', async () => {
    const deflated = zip([
      { name: 'files/icon.png', text: 'not an image', deflate: false },
      { name: 'doc.kml', text: kml, deflate: true },
    ]);
    expect(await kmlFromKmz(deflated)).toBe(kml);
    expect(await kmlFromKmz(zip([{ name: 'zones.kml', text: kml, deflate: false }]))).toBe(kml);
    expect(accepted(readKml(await kmlFromKmz(deflated))).features).toHaveLength(3);
  });

  it('says why it cannot: not a zip, or no KML inside', async () => {
    await expect(kmlFromKmz(new TextEncoder().encode('plain text').buffer as ArrayBuffer)).rejects.toThrow(
      'This KMZ file is not a readable zip archive.',
    );
    await expect(kmlFromKmz(zip([{ name: 'readme.txt', text: 'hello', deflate: true }]))).rejects.toThrow(
      'This KMZ archive holds no .kml file.',
    );
  });
});
