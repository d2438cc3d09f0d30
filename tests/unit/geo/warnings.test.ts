import { describe, expect, it } from 'vitest';
import { zoneWarnings } from '../../../src/geo';
import { formatShare } from '../../../src/geo';
import { bowTie, collection, feature, hole, outer, reversed, square } from './fixtures';

const zone = (id: string, rings: number[][][], name?: string) => feature(id, rings, name ? { name } : {});

describe('zoneWarnings: overlaps within the branch', () => {
  it('warns once about an overlapping pair, with its area, its share of the smaller zone, its pieces and a point in it', () => {
    const warnings = zoneWarnings(
      collection(zone('a', [square(0, 0, 2)], 'North'), zone('b', [square(1, 1, 2)], 'East')),
    );
    expect(warnings).toEqual([
      {
        code: 'zones_overlap',
        zoneId: 'a',
        otherZoneId: 'b',
        zone: 'North',
        otherZone: 'East',
        share: '25 %',
        shareOf: 'East',
        position: expect.any(Array),
        areaKm2: expect.any(Number),
        pieces: [[square(1, 1)]],
        // Squares of 2° overlapping by a square of 1°: a quarter of "East", the smaller (further north).
        message: expect.stringMatching(/^Zones "North" and "East" overlap: [\d,]+ km², 25 % of "East"\.$/),
      },
    ]);
    const [lon, lat] = (warnings[0] as { position: [number, number] }).position;
    expect(lon >= 1 && lon <= 2 && lat >= 1 && lat <= 2).toBe(true);
  });

  it('leaves the share out when a zone has no valid area (one that crosses itself), rather than "<1 %"', () => {
    const warnings = zoneWarnings(
      collection(zone('a', [square(0, 0, 2)], 'North'), zone('b', [bowTie], 'Bow')),
    );
    const overlap = warnings.find((w) => w.code === 'zones_overlap');
    expect(overlap?.message).toMatch(/^Zones "North" and "Bow" overlap: [\d,.]+ km²\.$/);
    expect(formatShare(0.5, 0)).toBeNull();
    expect(formatShare(2, 1)).toBeNull();
    expect(formatShare(0.001, 1)).toBe('<1 %');
    expect(formatShare(0.25, 1)).toBe('25 %');
  });

  it('is quiet for a disjoint pair', () => {
    expect(zoneWarnings(collection(zone('a', [square(0, 0)]), zone('b', [square(5, 5)])))).toEqual([]);
  });

  it('is quiet for neighbours that share a border, even with corners on each other’s edges', () => {
    expect(zoneWarnings(collection(zone('a', [square(0, 0, 2)]), zone('b', [square(2, 0, 2)])))).toEqual([]);
    expect(zoneWarnings(collection(zone('a', [square(0, 0, 2)]), zone('b', [square(2, 0.5, 1)])))).toEqual(
      [],
    );
  });

  it('warns about identical zones and a zone inside another', () => {
    expect(
      zoneWarnings(collection(zone('a', [square(0, 0)]), zone('b', [reversed(square(0, 0))]))),
    ).toHaveLength(1);
    const nested = zoneWarnings(collection(zone('big', [outer]), zone('small', [square(1, 1)], 'Small')));
    expect(nested).toMatchObject([{ code: 'zones_overlap', zoneId: 'big', otherZoneId: 'small' }]);
    expect(nested[0]!.message).toMatch(/, 100 % of "Small"\.$/);
    const [lon, lat] = (nested[0] as { position: [number, number] }).position;
    expect(lon > 1 && lon < 2 && lat > 1 && lat < 2).toBe(true);
  });

  it('is quiet for a zone that sits in another zone’s hole', () => {
    expect(zoneWarnings(collection(zone('ring', [outer, hole]), zone('island', [square(4.5, 4.5)])))).toEqual(
      [],
    );
  });

  it('skips zones whose geometry is invalid instead of throwing', () => {
    const broken = zone('broken', [
      [
        [0, 0],
        [NaN, 1],
        [1, 1],
        [0, 0],
      ],
    ]);
    expect(zoneWarnings(collection(broken, zone('a', [square(0, 0)])))).toEqual([]);
  });
});

describe('zoneWarnings: other branches', () => {
  it('warns about a zone overlapping another branch’s zone', () => {
    const warnings = zoneWarnings(collection(zone('a', [square(0, 0, 2)], 'Mine')), {
      others: [
        {
          branchId: 'camden',
          fc: collection(zone('c1', [square(1.5, 1.5)], 'Theirs'), zone('c2', [square(9, 9)])),
        },
        { branchId: 'empty', fc: null },
      ],
    });
    expect(warnings).toMatchObject([
      { code: 'overlaps_other_branch', zoneId: 'a', branchId: 'camden', otherZoneId: 'c1' },
    ]);
    // A 1° square reaching half a degree into a 2° one: a sixteenth of "Mine" (about 6 %).
    expect(warnings[0]!.message).toMatch(
      /^Zone "Mine" overlaps zone "Theirs" of branch "camden": [\d,]+ km², 6 % of "Mine"\.$/,
    );
  });
});

describe('zoneWarnings: far zones', () => {
  const london: [number, number] = [-0.1276, 51.5072];

  it('warns about a zone far from the branch pin, measured to its nearest edge', () => {
    const farAway = zone('far', [square(1.5, 51.4, 0.1)], 'Far');
    const [warning, ...more] = zoneWarnings(collection(farAway, zone('near', [square(-0.2, 51.45, 0.1)])), {
      pin: london,
    });
    expect(more).toEqual([]); // the pin is in the near zone
    expect(warning).toMatchObject({ code: 'far_from_branch', zoneId: 'far' });
    const { distanceKm } = warning as { distanceKm: number };
    // 1.6276° of longitude at 51.5°N is about 112.7 km.
    expect(distanceKm).toBeGreaterThan(110);
    expect(distanceKm).toBeLessThan(115);
    expect(warning!.message).toBe(
      'Zone "Far" is 113 km from the branch location at its nearest edge; zones are expected within 50 km. Check that it is drawn in the right place.',
    );
  });

  it('does not warn about a large zone that reaches the pin, nor one that contains it', () => {
    const long = zone('long', [
      [
        [-0.1, 51.5],
        [2, 51.5],
        [2, 51.6],
        [-0.1, 51.6],
        [-0.1, 51.5],
      ],
    ]);
    const around = zone('around', [square(-0.5, 51.3, 0.6)]);
    const far = (fc: ReturnType<typeof collection>) =>
      zoneWarnings(fc, { pin: london }).filter((w) => w.code === 'far_from_branch');
    expect(far(collection(long))).toEqual([]);
    expect(zoneWarnings(collection(around), { pin: london })).toEqual([]);
  });

  it('uses the given distance', () => {
    const nearby = zone('nearby', [square(0, 51.5, 0.05)]);
    const codes = (farKm?: number) =>
      zoneWarnings(collection(nearby), { pin: london, ...(farKm ? { farKm } : {}) }).map((w) => w.code);
    expect(codes(5)).toEqual(['far_from_branch', 'pin_outside_zones']);
    expect(codes()).toEqual(['pin_outside_zones']);
  });
});

describe('zoneWarnings: the pin outside the zones', () => {
  const pin: [number, number] = [0.005, 0.005];
  const small = (lon: number, lat: number) => square(lon, lat, 0.01);

  it('warns when the branch location lies in none of its zones, at the pin', () => {
    expect(
      zoneWarnings(collection(zone('a', [small(0.01, 0.01)]), zone('b', [small(0.03, 0.03)])), { pin }),
    ).toEqual([
      {
        code: 'pin_outside_zones',
        position: pin,
        zoneCount: 2,
        message:
          'The branch location is outside all of its 2 zones. Check the location, or draw a zone around it.',
      },
    ]);
  });

  it('is quiet when the pin is in a zone or on its edge, when there are no zones, and without a pin', () => {
    expect(
      zoneWarnings(collection(zone('a', [small(0.03, 0.03)]), zone('b', [small(0, 0)])), { pin }),
    ).toEqual([]);
    expect(zoneWarnings(collection(zone('a', [small(0.005, 0)])), { pin })).toEqual([]);
    expect(zoneWarnings(collection(), { pin })).toEqual([]);
    expect(zoneWarnings(collection(zone('a', [small(0.01, 0.01)])))).toEqual([]);
  });

  it('counts a pin in a zone’s hole as outside it', () => {
    expect(
      zoneWarnings(collection(zone('ring', [outer, hole])), { pin: [5, 5], farKm: 10_000 }),
    ).toMatchObject([
      {
        code: 'pin_outside_zones',
        message: 'The branch location is outside its zone. Check the location, or draw a zone around it.',
      },
    ]);
  });
});
