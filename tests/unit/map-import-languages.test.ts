// @vitest-environment jsdom
/**
 * A zones file's refusal and notes in the chosen language: src/geo's codes and the KML reader's
 * words come from the map's catalog, with the file's values (names, GeoJSON types) as it holds
 * them and counts in the chosen digits. No English sentence is left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../src/i18n';
import { importZonesFile } from '../../src/map/zone-files';
import { square } from '../support/geo';

afterEach(() => chooseLocale('en', 'latn', false));

const feature = (name: string | null, geometry: object) => ({
  type: 'Feature',
  properties: name === null ? {} : { name },
  geometry,
});
const point = (x: number) => ({ type: 'Point', coordinates: [x, 51.5] });
const line = {
  type: 'LineString',
  coordinates: [
    [0, 51],
    [1, 51],
  ],
};

/** A GeoJSON file of two points and a line: no zone in it. */
const points = new File(
  [
    JSON.stringify({
      type: 'FeatureCollection',
      features: [feature('Depot', point(0)), feature('Stop 1', point(0.1)), feature(null, line)],
    }),
  ],
  'stops.geojson',
);

/** A KML file of two lines and a point, as Google My Maps exports a round. */
const rounds = new File(
  [
    `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Morning round</name><LineString><coordinates>-0.07,51.52 -0.06,51.53</coordinates></LineString></Placemark>
      <Placemark><LineString><coordinates>-0.07,51.52 -0.05,51.54</coordinates></LineString></Placemark>
      <Placemark><name>Depot</name><Point><coordinates>-0.07,51.52,0</coordinates></Point></Placemark>
    </Document></kml>`,
  ],
  'rounds.kml',
);

/** A GeoJSON file whose one zone is in two parts, beside a point. */
const mixed = new File(
  [
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature('Depot', point(0)),
        feature('Ward', {
          type: 'MultiPolygon',
          coordinates: [[square(0, 51, 0.1)], [square(1, 51, 0.1)]],
        }),
      ],
    }),
  ],
  'wards.geojson',
);

async function refusal(file: File) {
  const result = await importZonesFile(file);
  if (result.ok) throw new Error(`expected ${file.name} to be refused`);
  return result;
}

async function notes(file: File) {
  const result = await importZonesFile(file);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.notes;
}

describe('a zones file told in French', () => {
  it('refuses a file of points and a KML file of lines in French, the GeoJSON types as the file has them', async () => {
    await chooseLocale('fr', 'latn', false);
    expect(await refusal(points)).toEqual({
      ok: false,
      title: "Impossible d'importer stops.geojson",
      message:
        "Les zones de livraison doivent être des polygones, et ce fichier n'en contient aucun : il contient 2 Point et 1 LineString.",
    });
    expect(await refusal(rounds)).toEqual({
      ok: false,
      title: "Impossible d'importer rounds.kml",
      message:
        "Les zones de livraison doivent être des polygones, et ce fichier KML n'en contient aucun : ses 3 repères sont 2 lignes et 1 point.",
      items: ['« Morning round » (une ligne)', 'un repère sans nom (une ligne)', '« Depot » (un point)'],
    });
  });

  it('says what is not GeoJSON, then what is expected, in French', async () => {
    await chooseLocale('fr', 'latn', false);
    expect((await refusal(new File(['[1, 2]'], 'zones.json'))).message).toBe(
      'Ce fichier contient un tableau JSON. Un GeoJSON de polygones est attendu : un Polygon, un MultiPolygon, une Feature, une FeatureCollection ou une GeometryCollection.',
    );
  });

  it('tells what was skipped and split in French', async () => {
    await chooseLocale('fr', 'latn', false);
    expect(await notes(mixed)).toEqual([
      "1 forme ignorée, car ce n'est pas un polygone : 1 Point.",
      expect.stringMatching(
        /^Entité 2 \(« Ward »\) a 2 parties séparées ; chacune est devenue une zone à part entière \(\S+-1 et \S+-2\)\.$/,
      ),
    ]);
  });
});

describe('a zones file told in Arabic', () => {
  /** The words around the data: no Latin letter left but the format names the sentence keeps. */
  const latinWords = (text: string) => text.replace(/KML|Point|LineString/g, '').match(/[A-Za-z]+/g);

  it('refuses a file of points and a KML file of lines in Arabic, counts in Arabic-Indic digits', async () => {
    await chooseLocale('ar', 'arab', false);
    const geojson = await refusal(points);
    expect(geojson).toEqual({
      ok: false,
      title: 'تعذر استيراد stops.geojson',
      message:
        'يجب أن تكون مناطق التوصيل مضلعات، ولا يحتوي هذا الملف على أي منها: فما يحتويه هو شكلان من نوع Point وشكل واحد من نوع LineString.',
    });
    const kml = await refusal(rounds);
    expect(kml.message).toBe(
      'يجب أن تكون مناطق التوصيل مضلعات، ولا يحتوي ملف KML هذا على أي منها: علامات الموضع الـ٣ فيه هي خطان ونقطة واحدة.',
    );
    expect(kml.items).toEqual(['«Morning round» (خط)', 'علامة موضع بلا اسم (خط)', '«Depot» (نقطة)']);
    for (const message of [geojson.message, kml.message]) expect(latinWords(message)).toBeNull();
  });

  it('tells what was skipped and split in Arabic, the ids as given', async () => {
    await chooseLocale('ar', 'arab', false);
    const [skipped, split] = await notes(mixed);
    expect(skipped).toBe('تم تخطي شكل واحد ليس مضلعًا: شكل واحد من نوع Point.');
    expect(split).toMatch(
      /^العنصر ٢ \(«Ward»\) يتألف من جزأين منفصلين؛ وأصبح كل جزء منطقة مستقلة \(\S+-1 و\S+-2\)\.$/,
    );
  });
});
