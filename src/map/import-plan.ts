/**
 * What a zones file would add to the branch, decided before anything is added: refused with
 * its figures when it cannot fit the branch's limits, else offered (simplified to fit when only
 * its corners are too many, borders shared between its zones kept shared) with its zones, corners, warnings and problems. Pure, and heavy
 * enough on a big file to run in a worker (zone-file.worker.ts).
 */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { defaultZoneId, validateZones, vertexCount, zoneWarnings, type ZoneWarning } from '../geo';
import { polygonParts } from '../geo/collection';
import { simplifyToFit } from '../geo/simplify';
import type { ContextArea, ZoneCollection, ZoneLimits } from './types';
import type { ZonesFileImport } from './zone-files';
import { appendZones } from './zone-ops';

export type ImportInput = {
  /** The branch's zones now. */
  existing: ZoneCollection;
  limits: ZoneLimits;
  context: readonly ContextArea[];
  /** The branch location `[lon, lat]`. */
  pin: [number, number] | null;
  farKm: number | undefined;
};

export type ImportOffer = {
  kind: 'offer';
  fileName: string;
  /** The zones to add, with the ids they take beside the branch's own. */
  features: ZoneCollection['features'];
  corners: number;
  /** The file's corners and how far the farthest corner dropped lies from the simplified border
   * (metres), when its zones were simplified to fit (shared borders simplified once). */
  simplified: { before: number; displacementM: number } | null;
  /** Warnings the zones would bring (overlaps, far zones), without their overlaps' shapes. */
  warnings: ZoneWarning[];
  /** Zones with problems that block saving until fixed (crossing outlines, say). */
  invalid: number;
  notes: string[];
};

/** Refused: `message` leads with why; `items` what the file holds, when that helps. Notes about
 * the file's zones are not passed on: none of them is added. */
export type ImportRefusal = { kind: 'refused'; title: string; message: string; items?: string[] };

export type ImportPlan = ImportOffer | ImportRefusal;

function cornersOf(zones: ZoneCollection): number {
  let corners = 0;
  for (const feature of zones.features) {
    for (const part of polygonParts(feature.geometry).parts) corners += vertexCount(part);
  }
  return corners;
}

/** "This branch takes at most 100 zones, 2,000 corners a zone and 5,000 corners in all. The branch has 3 zones of 1,204 corners already." */
function limitsText(limits: ZoneLimits, zones: number, corners: number): string {
  const { zonesPerBranch, cornersPerZone, cornersPerBranch } = limits;
  const most = i18n._(
    msg`This branch takes at most ${plural(zonesPerBranch, { one: '# zone', other: '# zones' })}, ${plural(cornersPerZone, { one: '# corner', other: '# corners' })} a zone and ${plural(cornersPerBranch, { one: '# corner', other: '# corners' })} in all.`,
  );
  if (zones === 0) return most;
  const drawn = i18n._(
    msg`The branch has ${plural(zones, { one: '# zone', other: '# zones' })} of ${plural(corners, { one: '# corner', other: '# corners' })} already.`,
  );
  return `${most} ${drawn}`;
}

/** The answer to a file read by `importZonesFile`: refused, or what adding it would do. */
export function planImport(read: ZonesFileImport, fileName: string, input: ImportInput): ImportPlan {
  if (!read.ok)
    return {
      kind: 'refused',
      title: read.title,
      message: read.message,
      ...(read.items ? { items: read.items } : {}),
    };
  const { existing, limits } = input;
  const haveZones = existing.features.length;
  const haveCorners = cornersOf(existing);
  const fileCorners = read.features.reduce((sum, f) => sum + vertexCount(f.geometry.coordinates), 0);
  const areas = read.features.length;
  const figures = i18n._(
    msg`${fileName} holds ${plural(areas, { one: '# area', other: '# areas' })} with ${plural(fileCorners, { one: '# corner', other: '# corners' })}.`,
  );
  const refuse = (message: string): ImportPlan => ({
    kind: 'refused',
    title: i18n._(msg`Could not import ${fileName}`),
    message: `${message} ${figures} ${limitsText(limits, haveZones, haveCorners)}`,
  });

  if (haveZones + read.features.length > limits.zonesPerBranch) {
    return refuse(i18n._(msg`Too many zones for this branch: split the file or remove zones first.`));
  }
  let features = read.features;
  let simplified: ImportOffer['simplified'] = null;
  const room = limits.cornersPerBranch - haveCorners;
  const tooDetailed = read.features.some((f) => vertexCount(f.geometry.coordinates) > limits.cornersPerZone);
  if (tooDetailed || fileCorners > room) {
    const fit =
      room > 0
        ? simplifyToFit(
            read.features.map((f) => f.geometry.coordinates),
            { perPolygon: limits.cornersPerZone, total: room },
          )
        : null;
    if (!fit) return refuse(i18n._(msg`Too many corners for this branch, even simplified.`));
    features = read.features.map((f, i) => ({
      ...f,
      geometry: { type: 'Polygon', coordinates: fit.polygons[i]! },
    }));
    simplified = { before: fileCorners, displacementM: fit.displacementM };
  }

  const { value: combined, ids } = appendZones(existing, features, defaultZoneId);
  const added = new Set(ids);
  const warnings = zoneWarnings(combined, {
    others: input.context.map((c) => ({ branchId: c.id, fc: c.fc })),
    pin: input.pin,
    ...(input.farKm !== undefined ? { farKm: input.farKm } : {}),
  })
    .filter(
      (w) =>
        w.code !== 'pin_outside_zones' &&
        (added.has(w.zoneId) || (w.code === 'zones_overlap' && added.has(w.otherZoneId))),
    )
    .map((w) => ('pieces' in w ? { ...w, pieces: [] } : w));
  const invalid = validateZones({ type: 'FeatureCollection', features }).filter(
    (r) => r.issues.length > 0,
  ).length;
  return {
    kind: 'offer',
    fileName,
    features: combined.features.slice(haveZones),
    corners: features.reduce((sum, f) => sum + vertexCount(f.geometry.coordinates), 0),
    simplified,
    warnings,
    invalid,
    notes: read.notes,
  };
}
