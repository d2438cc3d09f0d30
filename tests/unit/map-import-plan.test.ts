/**
 * What a zones file would add (src/map/import-plan.ts): refused with its figures when it cannot
 * fit the branch, simplified to fit when only its corners are too many, else offered with its
 * zones, corners and the warnings it brings.
 */
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { vertexCount } from '../../src/geo';
import { planImport, type ImportInput, type ImportOffer } from '../../src/map/import-plan';
import type { ZoneCollection } from '../../src/map/types';
import type { ZonesFileImport } from '../../src/map/zone-files';
import { circle, square, type Ring } from '../support/geo';

const limits = { zonesPerBranch: 5, cornersPerZone: 100, cornersPerBranch: 300 };
const MANCHESTER: [number, number] = [-2.24, 53.48];

const feature = (id: string, ring: Ring) => ({
  type: 'Feature' as const,
  id,
  properties: { name: id },
  geometry: { type: 'Polygon' as const, coordinates: [ring] },
});
const read = (...rings: Ring[]): ZonesFileImport => ({
  ok: true,
  features: rings.map((ring, i) => feature(`file-${i + 1}`, ring)),
  title: '',
  notes: [],
});
const existing: ZoneCollection = {
  type: 'FeatureCollection',
  features: [feature('central', square(-2.26, 53.47, 0.04))],
};
const input = (over: Partial<ImportInput> = {}): ImportInput => ({
  existing,
  limits,
  context: [],
  pin: MANCHESTER,
  farKm: undefined,
  ...over,
});

describe('planImport', () => {
  it('refuses a file with more zones than the branch takes, with the figures', () => {
    const file = read(...Array.from({ length: 5 }, (_, i) => circle(-2.2 + i * 0.01, 53.5, 0.003, 200)));
    expect(planImport(file, 'wards.geojson', input())).toEqual({
      kind: 'refused',
      title: 'Could not import wards.geojson',
      message:
        'Too many zones for this branch: split the file or remove zones first. wards.geojson holds 5 areas with 1,000 corners. This branch takes at most 5 zones, 100 corners a zone and 300 corners in all. The branch has 1 zone of 4 corners already.',
    });
  });

  it('offers a file with too many corners simplified to fit, with the corners before and after', () => {
    const file = read(circle(-2.25, 53.49, 0.01, 400), circle(-2.22, 53.49, 0.01, 400));
    const plan = planImport(file, 'detailed.geojson', input()) as ImportOffer;
    expect(plan.kind).toBe('offer');
    expect(plan.simplified?.before).toBe(800);
    const corners = plan.features.map((f) => vertexCount((f.geometry as Polygon).coordinates));
    expect(Math.max(...corners)).toBeLessThanOrEqual(100);
    expect(plan.corners).toBe(corners[0]! + corners[1]!);
    expect(plan.corners).toBeLessThanOrEqual(300 - 4);
    expect(plan.simplified!.displacementM).toBeGreaterThan(0);
  });

  it('refuses when even simplified the shapes do not fit the room left', () => {
    const full = input({ limits: { ...limits, cornersPerBranch: 9 } });
    const plan = planImport(
      read(circle(-2.25, 53.49, 0.01, 400), circle(-2.22, 53.49, 0.01, 400)),
      'x.geojson',
      full,
    );
    expect(plan).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^Too many corners for this branch, even simplified\. /),
    });
  });

  it('offers a file within the limits as it is, with the warnings it brings and none of those already there', () => {
    const london = circle(-0.12, 51.5, 0.02, 30);
    const overlapping = square(-2.25, 53.48, 0.04);
    const context = [
      {
        id: 'LDN-01',
        label: 'London',
        fc: { type: 'FeatureCollection' as const, features: [feature('ldn', circle(-0.12, 51.5, 0.03, 30))] },
      },
    ];
    const plan = planImport(read(london, overlapping), 'mixed.geojson', input({ context })) as ImportOffer;
    expect(plan).toMatchObject({
      kind: 'offer',
      fileName: 'mixed.geojson',
      corners: 34,
      simplified: null,
      invalid: 0,
    });
    expect(plan.features.map((f) => f.id)).toEqual(['file-1', 'file-2']);
    expect(plan.warnings).toHaveLength(3);
    expect(plan.warnings.map((w) => w.message).join('\n')).toMatch(
      /Zone "file-1" overlaps zone "ldn" of branch "LDN-01"/,
    );
    expect(plan.warnings.map((w) => w.message).join('\n')).toMatch(
      /Zone "file-1" is \d+ km from the branch location/,
    );
    expect(plan.warnings.map((w) => w.message).join('\n')).toMatch(/Zones "central" and "file-2" overlap/);
  });

  it('counts zones that need fixing before a save', () => {
    const bowTie: Ring = [
      [-2.25, 53.47],
      [-2.23, 53.49],
      [-2.23, 53.47],
      [-2.25, 53.49],
      [-2.25, 53.47],
    ];
    expect(planImport(read(bowTie), 'bow.geojson', input())).toMatchObject({ kind: 'offer', invalid: 1 });
  });

  it('passes on why a file could not be read', () => {
    const failed: ZonesFileImport = {
      ok: false,
      title: 'Could not import a.kml',
      message: 'This file is not GeoJSON, KML or KMZ.',
    };
    expect(planImport(failed, 'a.kml', input())).toEqual({
      kind: 'refused',
      title: 'Could not import a.kml',
      message: 'This file is not GeoJSON, KML or KMZ.',
    });
  });
});
