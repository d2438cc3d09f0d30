/**
 * src/geo words its zone issues and warnings in English (`message`, for the reference server)
 * and gives their codes and values; src/map/geo-messages.ts words the same from the catalog.
 * In English both say exactly the same; in another language the catalog's words, with the
 * values in place.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { validatePolygon, validateZones, zoneWarnings, type GeoIssue } from '../../src/geo';
import { chooseLocale, type Digits, type Locale } from '../../src/i18n';
import { issueText, warningText } from '../../src/map/geo-messages';

afterEach(() => chooseLocale('en', 'latn', false));

/** Chooses a language: its catalogs, the map's among them, are loaded (src/i18n/catalogs.ts). */
const speak = (locale: Exclude<Locale, 'en'>, digits: Digits) => chooseLocale(locale, digits, false);

type Ring = number[][];
const square = (x: number, y: number, size = 1): Ring => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const reversed = (ring: Ring): Ring => [...ring].reverse();
const outer = square(0, 0, 10);

/** Polygons with every kind of problem geo reports, outline and hole alike. */
const broken: Ring[][] = [
  [],
  [square(0, 0).slice(0, 3)],
  [outer, square(1, 1).slice(0, 2)],
  [
    [
      [0, 0],
      [1, 0],
      [1, 0],
      [0, 0],
    ],
  ],
  [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0.5, 0.5],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1.5, 1.5],
    ],
  ],
  [
    [
      [-179, 0],
      [179, 0],
      [179, 1],
      [-179, 1],
      [-179, 0],
    ],
  ],
  [
    [
      [0, 0],
      [NaN, 0],
      [1, Infinity],
      [0, 0],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [NaN, 1],
      [2, 2],
      [1, 1],
    ],
  ],
  [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [200, 0],
      [0, 100],
      [0, 0],
    ],
  ],
  [
    [
      [51.5, -0.1],
      [51.6, 100],
      [51.6, -0.2],
      [51.5, -0.1],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [2, 1],
      [2, 95],
      [1, 1],
    ],
  ],
  [
    [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [2, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ],
  ],
  [
    [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ],
  ],
  [
    [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
      [5, 5],
      [7, 7],
      [7, 5],
      [5, 7],
      [5, 5],
    ],
  ],
  [
    outer,
    [
      [2, 2],
      [4, 4],
      [4, 2],
      [2, 4],
      [2, 2],
    ],
  ],
  [
    [
      [0, 0],
      [4, 0],
      [4, 4],
      [4, 6],
      [4, 4],
      [0, 4],
      [0, 0],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [3, 1],
      [3, 3],
      [3, 5],
      [3, 3],
      [1, 3],
      [1, 1],
    ],
  ],
  [
    [
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ],
  ],
  [
    outer,
    [
      [1, 1],
      [3, 1],
      [2, 2],
      [3, 3],
      [1, 3],
      [2, 2],
      [1, 1],
    ],
  ],
  [outer, reversed(square(20, 20))],
  [outer, square(8, 4, 4)],
  [outer, square(2, 2, 3), square(4, 4, 3)],
  [outer, square(1, 1, 6), square(2, 2, 2)],
];

describe('issueText', () => {
  const issues: GeoIssue[] = broken.flatMap((rings) => validatePolygon(rings));
  const notPolygons = validateZones({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: null },
      { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0)]] } },
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
    ],
  }).flatMap((report) => report.issues);

  it('says in English what geo says, for every kind of issue', () => {
    const all = [...issues, ...notPolygons];
    expect(new Set(all.map((i) => i.detail.kind))).toEqual(
      new Set([
        'no_outline',
        'no_shape',
        'multipolygon',
        'other_geometry',
        'too_few_points',
        'too_few_corners',
        'not_closed',
        'antimeridian',
        'not_finite',
        'out_of_range',
        'duplicate',
        'spike',
        'revisit',
        'crossing',
        'hole_meets_outline',
        'holes_touch',
        'hole_outside',
        'hole_in_hole',
      ]),
    );
    for (const issue of all) expect(issueText(issue)).toBe(issue.message);
  });

  it('words an issue in the chosen language, with its values and Arabic plural forms', async () => {
    const [fewPoints] = validatePolygon([square(0, 0).slice(0, 3)]);
    const [twoPoints] = validatePolygon([square(0, 0).slice(0, 2)]);
    await speak('fr', 'latn');
    expect(issueText(fewPoints!)).toMatch(/^Le contour de la zone a 3 points ;/);
    await speak('ar', 'latn');
    expect(issueText(fewPoints!)).toMatch(/^تحتوي حدود المنطقة على 3 نقاط؛/);
    expect(issueText(twoPoints!)).toMatch(/^تحتوي حدود المنطقة على نقطتان؛/);
  });
});

describe('warningText', () => {
  const zone = (id: string, name: string, ring: Ring) => ({
    type: 'Feature' as const,
    id,
    properties: { name },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  });
  const own = {
    type: 'FeatureCollection' as const,
    features: [
      zone('a', 'North', square(0, 0, 0.02)),
      zone('b', 'East', square(0.01, 0.01, 0.02)),
      zone('c', 'Far', square(3, 3, 0.02)),
    ],
  };
  const other = {
    type: 'FeatureCollection' as const,
    features: [zone('x', 'Central', square(0.015, 0, 0.02))],
  };
  const warnings = zoneWarnings(own, { others: [{ branchId: 'LDN-01', fc: other }], pin: [0.5, 0.5] });

  it('says in English what geo says, for every kind of warning', () => {
    expect(new Set(warnings.map((w) => w.code))).toEqual(
      new Set(['zones_overlap', 'overlaps_other_branch', 'far_from_branch', 'pin_outside_zones']),
    );
    for (const warning of warnings) expect(warningText(warning)).toBe(warning.message);
  });

  it('words a warning in the chosen language, numbers in its digits', async () => {
    const far = warnings.find((w) => w.code === 'far_from_branch')!;
    await speak('ar', 'arab');
    expect(warningText(far)).toContain(`«${far.zone}»`);
    expect(warningText(far)).toMatch(/[٠-٩]/);
    await speak('es', 'latn');
    expect(warningText(far)).toMatch(/^La zona «North» está a \d+ km de la ubicación de la sucursal/);
  });
});
