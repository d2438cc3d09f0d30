/**
 * The branch feature's pure parts of coverage: deliveries classified for the impact preview
 * (src/features/branches/impact/impact.ts) and the coverage map's data (coverage-data.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Branch, Job } from '../../src/contract';
import { polygonAreaKm2 } from '../../src/geo';
import { coverageData } from '../../src/features/branches/coverage/coverage-data';
import {
  focusParam,
  readFocus,
  readZone,
  validateBranchEditorSearch,
} from '../../src/features/branches/editor/editor-search';
import { countImpact, impactClassifier, impactPoints } from '../../src/features/branches/impact/impact';
import { square } from '../support/geo';
import { branch, delivery, job } from './fixtures';

const fc = (...rings: [number, number][][]) => ({
  type: 'FeatureCollection' as const,
  features: rings.map((ring, i) => ({
    type: 'Feature' as const,
    id: `z${i + 1}`,
    properties: { name: `Zone ${i + 1}` },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  })),
});

const at = (lon: number, lat: number) => ({ latitude: lat, longitude: lon });

function jobWith(id: number, addresses: (Record<string, unknown> | null)[], branchId = 'LDN-01'): Job {
  return {
    ...job,
    id,
    order_id: `ORD-${id}`,
    deliveries: addresses.map((address, i) => ({
      ...delivery,
      id: id * 10 + i,
      tracking_id: `TRK-${id}-${i}`,
      address,
      branch: { ...branch, id: branchId },
    })),
  } as unknown as Job;
}

describe('impact of a zone change on deliveries', () => {
  const before = fc(square(0, 0, 1)); // 0..1
  const after = fc(square(1, 0, 1)); // 1..2: shares the edge x = 1

  it('classifies each delivery of the branch by where it falls before and after; on the shared edge is inside both', () => {
    const classify = impactClassifier('LDN-01', before, after);
    const deliveries = classify([
      jobWith(1, [at(0.5, 0.5), at(1.5, 0.5), { lat: '0.5', lng: '5' }, null]),
      jobWith(2, [at(1, 0.5), { street: 'no position' }]),
      jobWith(3, [at(0.5, 0.5)], 'MAN-01'), // another branch's delivery: not counted
    ]);
    expect(deliveries.map((d) => [d.jobId, d.index, d.kind])).toEqual([
      [1, 1, 'newlyOutside'],
      [1, 2, 'newlyInside'],
      [1, 3, 'outsideBoth'],
      [1, 4, 'noPosition'],
      [2, 1, 'insideBoth'],
      [2, 2, 'noPosition'],
    ]);
    expect(countImpact(deliveries)).toEqual({
      newlyOutside: 1,
      newlyInside: 1,
      outsideBoth: 1,
      insideBoth: 1,
      noPosition: 2,
    });
    const points = impactPoints(deliveries);
    expect(points.features).toHaveLength(4);
    expect(points.features[0]!.properties.label).toBe('Job 1, delivery 1: newly outside');
    expect(points.features[0]!.geometry.coordinates).toEqual([0.5, 0.5]);
  });

  it('reads no zones (null) as covering nothing', () => {
    const deliveries = impactClassifier('LDN-01', null, after)([jobWith(1, [at(1.5, 0.5), at(0.5, 0.5)])]);
    expect(deliveries.map((d) => d.kind)).toEqual(['newlyInside', 'outsideBoth']);
  });
});

describe('coverage map data', () => {
  const D = 0.01;
  const make = (id: string, name: string, active: boolean, zones: object | null) =>
    ({ ...branch, id, name, active, delivery_zones: zones }) as unknown as Branch;

  it('gives every zone as an area named by branch and zone, inactive ones dimmed, and overlaps between branches only', () => {
    const data = coverageData([
      make('B', 'Bravo', false, fc(square(D / 2, 0, D))),
      make('A', 'Alpha', true, fc(square(0, 0, D), square(0, 0, D))), // its own two zones overlap: not listed
      make('C', 'Charlie', true, null),
    ]);
    expect(data.branches.map((b) => b.branch.id)).toEqual(['A', 'B']);
    expect(data.withoutZones.map((b) => b.id)).toEqual(['C']);
    const zones = data.areas.features;
    expect(zones.map((f) => [f.properties?.label, f.properties?.dim])).toEqual([
      ['Alpha (A): Zone 1', false],
      ['Alpha (A): Zone 2', false],
      ['Bravo (B): Zone 1 (inactive)', true],
    ]);
    expect(data.overlaps.map((o) => [o.a.branchId, o.a.zoneName, o.b.branchId, o.b.zoneName])).toEqual([
      ['A', 'Zone 1', 'B', 'Zone 1'],
      ['A', 'Zone 2', 'B', 'Zone 1'],
    ]);
    const half = polygonAreaKm2([square(0, 0, D)]) / 2;
    for (const o of data.overlaps) expect(Math.abs(o.areaKm2 - half) / half).toBeLessThan(1e-3);
    expect(data.overlaps[0]!.bounds.map((v) => Number(v.toFixed(9)))).toEqual([D / 2, 0, D, D]);
    expect(data.shaded.features.map((f) => f.properties?.id)).toEqual(
      data.overlaps.map((o) => `overlap:${o.key}`),
    );
    expect(data.bounds).toEqual([0, 0, 1.5 * D, D]);
  });

  it('puts one marker per branch with zones at the middle of them, that opens the branch and names it, inactive ones grey', () => {
    const data = coverageData([
      make('B', 'Bravo', false, fc(square(1, 1, D))),
      make('A', 'Alpha', true, fc(square(0, 0, D), square(2 * D, 0, D))),
      make('C', 'Charlie', true, null),
    ]);
    const markers = data.markers.features;
    expect(
      markers.map((m) => [
        m.properties.label,
        m.properties.targets.map((t) => data.byKey.get(t.id)?.branchId),
      ]),
    ).toEqual([
      ['Alpha (A): 2 zones', ['A']],
      ['Bravo (B): 1 zone (inactive)', ['B']],
    ]);
    expect(markers[0]!.geometry.coordinates.map((v) => Number(v.toFixed(9)))).toEqual([1.5 * D, D / 2]);
    expect(markers[0]!.properties.keys).toEqual(data.branches[0]!.zones.map((z) => z.key));
    expect(markers[0]!.properties.color).not.toBe(markers[1]!.properties.color);
  });

  it('counts a zone of several parts once per other zone it overlaps, its parts’ areas summed', () => {
    const multi = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          id: 'm',
          properties: { name: 'Two parts' },
          geometry: {
            type: 'MultiPolygon' as const,
            coordinates: [[square(0, 0, D)], [square(2 * D, 0, D)]],
          },
        },
      ],
    };
    const data = coverageData([
      make('A', 'Alpha', true, multi),
      make(
        'B',
        'Bravo',
        true,
        fc([
          [D / 2, 0],
          [2.5 * D, 0],
          [2.5 * D, D],
          [D / 2, D],
          [D / 2, 0],
        ]),
      ),
    ]);
    expect(data.overlaps).toHaveLength(1);
    const expected = polygonAreaKm2([square(0, 0, D)]);
    expect(Math.abs(data.overlaps[0]!.areaKm2 - expected) / expected).toBeLessThan(1e-3);
  });
});

describe('opening an overlap in a branch’s editor', () => {
  const D = 0.01;
  const make = (id: string, zones: object) =>
    ({ ...branch, id, name: id, active: true, delivery_zones: zones }) as unknown as Branch;

  it('names each zone of an overlap by its id in its branch, for the editor to select', () => {
    const data = coverageData([
      make('A', fc(square(0, 0, D))),
      make('B', fc(square(2, 2, D), square(D / 2, 0, D))),
    ]);
    expect(data.overlaps.map((o) => [o.a.branchId, o.a.zoneId, o.b.branchId, o.b.zoneId])).toEqual([
      ['A', 'z1', 'B', 'z2'],
    ]);
    const numbered = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 7,
          properties: {},
          geometry: { type: 'Polygon', coordinates: [square(0, 0, D)] },
        },
      ],
    };
    const unnamed = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square(0, 0, D)] } },
      ],
    };
    expect(coverageData([make('N', numbered)]).zones[0]!.zoneId).toBe('7');
    expect(coverageData([make('U', unnamed)]).zones[0]!.zoneId).toBeUndefined();
  });

  it('writes the area to show as west,south,east,north to 6 decimals, and reads it back', () => {
    const param = focusParam([2.35222249, 48.8566, 2.4, 48.9000001]);
    // The router writes an array param as its items joined by commas.
    expect(String(param)).toBe('2.352222,48.8566,2.4,48.9');
    expect(readFocus(String(param))).toEqual([2.352222, 48.8566, 2.4, 48.9]);
    expect(validateBranchEditorSearch({ focus: String(param), zone: 'north' })).toEqual({
      focus: [2.352222, 48.8566, 2.4, 48.9],
      zone: 'north',
    });
    expect(readFocus(param)).toEqual([2.352222, 48.8566, 2.4, 48.9]);
    expect(readFocus('-0.2,51.4, 0.1 ,51.6')).toEqual([-0.2, 51.4, 0.1, 51.6]);
  });

  it('reads an area that is not four numbers in range, west to east and south to north, as none', () => {
    for (const text of [
      undefined,
      12,
      '',
      '1,2,3',
      '1,2,3,4,5',
      '1,,3,4',
      'a,2,3,4',
      'Infinity,2,3,4',
      '3,2,1,4', // west after east
      '1,4,3,2', // south above north
      '-181,0,0,1',
      '0,-91,1,0',
      [1, 2, 3],
    ])
      expect(readFocus(text)).toBeNull();
  });

  it('reads a zone id as any text but an empty one', () => {
    expect(readZone('north')).toBe('north');
    expect(readZone('')).toBeUndefined();
    expect(readZone(3)).toBeUndefined();
  });
});
