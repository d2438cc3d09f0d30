import { describe, expect, it } from 'vitest';
import { zoneWarnings } from '../../src/geo';
import type { ZoneCollection } from '../../src/contract';
import type { BranchFormValues, ContactValues } from '../../src/features/branches/form/form-model';
import {
  allowedDistanceKm,
  loadReviewFindings,
  reviewWarnings,
  type ReviewWarning,
} from '../../src/features/branches/review/review-warnings';
import type { ContextArea } from '../../src/map';
import { square, type Ring } from '../support/geo';

/** Manchester's location, and squares about 1 km wide. */
const MANCHESTER = { latitude: '53.4808', longitude: '-2.2426' };
const SIZE = 0.01;

function zones(...features: { id?: string; name?: string; ring: Ring }[]): ZoneCollection {
  return {
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      ...(f.id ? { id: f.id } : {}),
      properties: f.name ? { name: f.name } : {},
      geometry: { type: 'Polygon', coordinates: [f.ring] },
    })),
  } as ZoneCollection;
}

const contact = (name: string, from: string, to: string): ContactValues => ({
  clientKey: name,
  name,
  phone: '+44 161 000 0000',
  work_timings: { from, to },
  work_days: ['monday'],
});

function values(patch: Partial<BranchFormValues> = {}): BranchFormValues {
  return {
    id: 'MAN-01',
    name: 'Manchester Northern Quarter',
    active: true,
    coordinates: MANCHESTER,
    formatted_address: '',
    contacts: [contact('Day', '09:00 AM', '05:00 PM')],
    delivery_zones: zones({ id: 'man-central', name: 'Central', ring: square(-2.25, 53.475, SIZE) }),
    ...patch,
  };
}

/** London's "Central" zone of branch LDN-01, as the editor's context holds other branches' zones. */
const london: ContextArea[] = [
  {
    id: 'LDN-01',
    label: 'London Shoreditch',
    fc: zones({
      id: 'ldn-central',
      name: 'Central',
      ring: square(-0.085, 51.518, SIZE),
    }) as ContextArea['fc'],
  },
];

const lines = (warnings: ReviewWarning[]) => warnings.map((w) => `${w.subject}: ${w.message}`);

describe('reviewWarnings', () => {
  it('names each zone warning with the zone’s number and name, in the zone list’s order, the location last', () => {
    const v = values({
      delivery_zones: zones(
        { id: 'man-central', name: 'Central', ring: square(-2.25, 53.475, SIZE) },
        // Over LDN-01's "Central": far from Manchester and overlapping another branch's zone.
        { id: 'ldn-shoreditch', name: 'Shoreditch', ring: square(-0.08, 51.52, SIZE) },
        // Two zones of the branch overlapping each other, the first without a name or an id.
        { ring: square(-2.3, 53.5, SIZE) },
        { id: 'man-west-2', name: 'West 2', ring: square(-2.295, 53.505, SIZE) },
      ),
      coordinates: { latitude: '53.6', longitude: '-2.2426' },
    });
    const warnings = reviewWarnings(v, { warn: zoneWarnings, context: london });
    expect(lines(warnings)).toEqual([
      expect.stringMatching(
        /^Zone 2 \(Shoreditch\): Zone "Shoreditch" overlaps zone "Central" of branch "LDN-01": /,
      ),
      expect.stringMatching(/^Zone 2 \(Shoreditch\): Zone "Shoreditch" is 2\d\d km from the branch location/),
      expect.stringMatching(/^Zone 3: Zones "#3" and "West 2" overlap: /),
      'Branch location: The branch location is outside all of its 4 zones. Check the location, or draw a zone around it.',
    ]);
    // The same warnings as src/geo gives the editor for these zones, context and location.
    const direct = zoneWarnings(v.delivery_zones, {
      others: [{ branchId: 'LDN-01', fc: london[0]!.fc }],
      pin: [-2.2426, 53.6],
    });
    expect(warnings.map((w) => w.message).sort()).toEqual(direct.map((w) => w.message).sort());
    expect(new Set(warnings.map((w) => w.key)).size).toBe(warnings.length);
  });

  it('reads a decimal comma in the location, and leaves out the location’s warnings when it holds no degrees', () => {
    const far = zones({ id: 'ldn', name: 'Shoreditch', ring: square(-0.08, 51.52, SIZE) });
    const comma = values({ delivery_zones: far, coordinates: { latitude: '53,4808', longitude: '-2,2426' } });
    expect(lines(reviewWarnings(comma, { warn: zoneWarnings, context: [] }))).toEqual([
      expect.stringMatching(/^Zone 1 \(Shoreditch\): .* km from the branch location/),
      expect.stringMatching(/^Branch location: The branch location is outside its zone\./),
    ]);
    const none = values({ delivery_zones: far, coordinates: { latitude: 'north', longitude: '' } });
    expect(reviewWarnings(none, { warn: zoneWarnings, context: [] })).toEqual([]);
  });

  it('gives a MultiPolygon’s parts the number of their zone', () => {
    const v = values({
      delivery_zones: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'split',
            properties: { name: 'Two parts' },
            geometry: {
              type: 'MultiPolygon',
              coordinates: [[square(-2.25, 53.475, SIZE)], [square(-0.08, 51.52, SIZE)]],
            },
          },
        ],
      } as ZoneCollection,
    });
    expect(lines(reviewWarnings(v, { warn: zoneWarnings, context: [] }))).toEqual([
      expect.stringMatching(/^Zone 1 \(Two parts\): Zone "Two parts" is .* km from the branch location/),
    ]);
  });

  it('lists every open warning, whatever the save changes; none before src/geo’s warnings are loaded', () => {
    const v = values({ delivery_zones: zones({ name: 'Far', ring: square(-0.08, 51.52, SIZE) }) });
    expect(reviewWarnings(v, { warn: zoneWarnings, context: london }).map((w) => w.message)).toEqual([
      expect.stringMatching(/^Zone "Far" overlaps zone "Central" of branch "LDN-01"/),
      expect.stringMatching(/^Zone "Far" is 260 km from the branch location/),
      expect.stringMatching(/^The branch location is outside its zone\./),
    ]);
    expect(reviewWarnings(v, { warn: null, context: london })).toEqual([]);
  });

  it('lists hours that end before they start, or when they start', () => {
    const v = values({
      contacts: [
        contact('Day', '09:00 AM', '05:00 PM'),
        contact('Night', '10:00 PM', '06:00 AM'),
        contact('', '08:00 AM', '08:00 AM'),
      ],
    });
    expect(lines(reviewWarnings(v, { warn: zoneWarnings, context: [] }))).toEqual([
      'Contact 2 (Night): Hours 10:00 PM to 06:00 AM end before they start: they end the next day. Check AM and PM.',
      'Contact 3: Hours start and end at 08:00 AM. Check AM and PM.',
    ]);
  });

  it('loads src/geo’s zone warnings, then lists the zones’ warnings before the contacts’; a zone too far is an error', async () => {
    const v = values({
      delivery_zones: zones({ name: 'Far', ring: square(-0.08, 51.52, SIZE) }),
      contacts: [contact('Night', '10:00 PM', '06:00 AM')],
    });
    const found = await loadReviewFindings(v, values(), london, 50);
    expect(found.errors.map((w) => w.subject)).toEqual(['Zone 1 (Far)']);
    expect(found.errors[0]!.message).toMatch(
      /^Zone "Far" is 2\d\d km from the branch location.*within 50 km\..*Saving is blocked until it is within that distance/,
    );
    expect(found.added.map((w) => w.subject)).toEqual([
      'Zone 1 (Far)',
      'Branch location',
      'Contact 1 (Night)',
    ]);
    expect(found.added[0]!.code).toBe('overlaps_other_branch');
    expect(found.kept).toEqual([]);
  });

  it('lets a branch’s allowance take a zone that far: no error, no warning about the distance', async () => {
    const v = values({ delivery_zones: zones({ name: 'Far', ring: square(-0.08, 51.52, SIZE) }) });
    const farKm = allowedDistanceKm({ maxDistanceKm: 50, branchMaxDistanceKm: { 'MAN-01': 300 } }, 'MAN-01');
    expect(farKm).toBe(300);
    expect(allowedDistanceKm({ maxDistanceKm: 50, branchMaxDistanceKm: { 'MAN-01': 300 } }, 'LDN-01')).toBe(
      50,
    );
    const found = await loadReviewFindings(v, values(), london, farKm);
    expect(found.errors).toEqual([]);
    expect(found.added.map((w) => w.code)).toEqual(['overlaps_other_branch', 'pin_outside_zones']);
  });

  it('lists the warnings (and a far zone) already there at the last save apart, asking nothing again', async () => {
    const v = values({
      delivery_zones: zones({ name: 'Far', ring: square(-0.08, 51.52, SIZE) }),
      contacts: [contact('Night', '10:00 PM', '06:00 AM')],
    });
    // The same branch with only its name changed: every finding was there at the last save.
    const renamed = { ...v, name: 'Manchester (renamed)' };
    const same = await loadReviewFindings(renamed, v, london, 50);
    expect(same.errors).toEqual([]);
    expect(same.added).toEqual([]);
    expect(same.kept.map((w) => w.code)).toEqual([
      'overlaps_other_branch',
      'far_from_branch',
      'pin_outside_zones',
      'hours',
    ]);
    // The zone renamed, digits and all: the same zone, the same warnings.
    const named = { ...v, delivery_zones: zones({ name: 'Far E1', ring: square(-0.08, 51.52, SIZE) }) };
    const renamedZone = await loadReviewFindings(named, v, london, 50);
    expect([renamedZone.errors, renamedZone.added]).toEqual([[], []]);
    expect(renamedZone.kept).toHaveLength(4);
    // The zone moved 2 km nearer: a new distance, still too far (and off London's zone now); the
    // location outside the zones and the hours were there before.
    const moved = { ...v, delivery_zones: zones({ name: 'Far', ring: square(-0.08, 51.54, SIZE) }) };
    const again = await loadReviewFindings(moved, v, london, 50);
    expect(again.errors.map((w) => w.code)).toEqual(['far_from_branch']);
    expect(again.added).toEqual([]);
    expect(again.kept.map((w) => w.code)).toEqual(['pin_outside_zones', 'hours']);
  });
});
