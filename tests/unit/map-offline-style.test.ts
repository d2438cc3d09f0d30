import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { Topology } from 'topojson-specification';
import countries50m from 'world-atlas/countries-50m.json';
import { describe, expect, it } from 'vitest';
import {
  buildOfflineStyle,
  flattenRing,
  geojsonDataUrl,
  loadOfflineStyle,
  offlineStyle,
  unwrapLongitudes,
} from '../../src/map/offline-style';
import { signedArea } from '../../src/geo';
import { createCoverage, zonePolygons } from '../../src/geo/coverage';

const style = buildOfflineStyle(countries50m as unknown as Topology);

function geojsonData(sourceId: string): unknown {
  const source = style.sources[sourceId];
  expect(source?.type).toBe('geojson');
  return (source as { data: unknown }).data;
}

describe('offline base style', () => {
  it('is a valid maplibre style (version 8) by the style spec validator', () => {
    expect(style.version).toBe(8);
    expect(validateStyleMin(style)).toEqual([]);
    // The validator does reject a broken style (so the empty list above means something).
    const broken = {
      ...style,
      layers: [...style.layers, { id: 'x', type: 'fill' as const, source: 'missing' }],
    };
    expect(validateStyleMin(broken).length).toBeGreaterThan(0);
  });

  it('has no network URL at all: no glyphs, no sprite, no tiles, no URL sources', () => {
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    const text = JSON.stringify(style);
    expect(text).not.toMatch(/:\/\//);
    expect(text).not.toMatch(/"(url|tiles)"/);
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(typeof (source as { data: unknown }).data).toBe('object');
    }
  });

  it('has no text or icon layers (they would need glyphs or a sprite)', () => {
    expect(style.layers.map((l) => l.type)).toEqual(['background', 'fill', 'line', 'line']);
    for (const layer of style.layers) expect(layer.type).not.toBe('symbol');
  });

  it('holds Natural Earth land (Paris is on land, the mid-Atlantic is not)', () => {
    const land = geojsonData('land') as FeatureCollection<Polygon | MultiPolygon>;
    expect(land.type).toBe('FeatureCollection');
    expect(land.features.length).toBeGreaterThan(0);
    const onLand = createCoverage(zonePolygons(land));
    expect(onLand([2.35, 48.85])).toBe(true);
    expect(onLand([-30, 30])).toBe(false);
  });

  it('is drawable on a flat map: no edge jumps across the antimeridian, exteriors counter-clockwise, holes clockwise', () => {
    const land = geojsonData('land') as FeatureCollection<MultiPolygon>;
    let rings = 0;
    for (const feature of land.features) {
      for (const polygon of feature.geometry.coordinates) {
        polygon.forEach((ring, i) => {
          rings++;
          for (let k = 1; k < ring.length; k++) {
            const [a, b] = [ring[k - 1]!, ring[k]!];
            const alongPole = Math.abs(a[1]!) === 90 && a[1] === b[1];
            if (!alongPole) expect(Math.abs(b[0]! - a[0]!)).toBeLessThanOrEqual(180);
          }
          expect(ring[0]).toEqual(ring[ring.length - 1]);
          expect(signedArea(ring) > 0).toBe(i === 0);
        });
      }
    }
    expect(rings).toBeGreaterThan(1000);
    const borders = geojsonData('borders') as Feature<MultiLineString>;
    for (const line of borders.geometry.coordinates) {
      for (let k = 1; k < line.length; k++)
        expect(Math.abs(line[k]![0]! - line[k - 1]![0]!)).toBeLessThanOrEqual(180);
    }
  });

  it('unwraps rings crossing the antimeridian and closes rings around a pole', () => {
    // An island across 180°, as world-atlas gives it (spherical: it just continues).
    const island = [
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ];
    expect(unwrapLongitudes(island)).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
    expect(flattenRing(island)).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
    // A coast going once round the south pole comes back 360° further: closed along the pole.
    const aroundPole = [
      [-180, -70],
      [-60, -65],
      [60, -68],
      [179, -70],
      [-180, -70],
    ];
    const closed = flattenRing(aroundPole)!;
    expect(closed.slice(-3)).toEqual([
      [180, -90],
      [-180, -90],
      [-180, -70],
    ]);
    expect(Math.abs(signedArea(closed))).toBeGreaterThan(1000);
    // A ring lying on the pole has no area on a flat map.
    expect(
      flattenRing([
        [-180, -90],
        [0, -90],
        [180, -90],
        [-180, -90],
      ]),
    ).toBeNull();
  });

  it('holds country borders as lines between countries', () => {
    const borders = geojsonData('borders') as Feature<MultiLineString>;
    expect(borders.geometry.type).toBe('MultiLineString');
    expect(borders.geometry.coordinates.length).toBeGreaterThan(100);
  });

  it('hands its data to maplibre as data: URLs that read back as the same GeoJSON, to about 10 m', async () => {
    const borders = geojsonData('borders') as Feature<MultiLineString>;
    const url = geojsonDataUrl(borders);
    expect(url.startsWith('data:application/json,')).toBe(true);
    const read = (await (await fetch(url)).json()) as Feature<MultiLineString>;
    expect(read.geometry.coordinates.length).toBe(borders.geometry.coordinates.length);
    const [sent, got] = [borders.geometry.coordinates.flat(), read.geometry.coordinates.flat()];
    expect(got.length).toBe(sent.length);
    const worst = Math.max(...sent.map((p, i) => Math.max(...p.map((v, k) => Math.abs(v - got[i]![k]!)))));
    expect(worst).toBeLessThanOrEqual(0.00005);
    // Text a data URL would otherwise cut or decode survives.
    const named = { type: 'Feature', properties: { name: '50% off #1' }, geometry: null };
    expect(await (await fetch(geojsonDataUrl(named))).json()).toEqual(named);
    // The style over URLs names them as its sources' data.
    const overUrls = offlineStyle({ land: 'data:application/json,{}', borders: url });
    expect((overUrls.sources.borders as { data: unknown }).data).toBe(url);
    expect(validateStyleMin(overUrls)).toEqual([]);
  });

  it('loads lazily, once', async () => {
    const first = await loadOfflineStyle();
    expect(first).toEqual(style);
    expect(await loadOfflineStyle()).toBe(first);
  });
});
