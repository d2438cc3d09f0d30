import { msg } from '@lingui/core/macro';
import type { ZoneCollection } from '../../../contract';
import { i18n } from '../../../i18n';
import { featureId, type ZoneWarning, type zoneWarnings } from '../../../geo';
import { errorMessage } from '../../../lib/error-message';
import type { ContextArea } from '../../../map';
import { warningText } from '../../../map/geo-messages';
import { pinOf, unusualHours, type BranchFormValues } from '../form/form-model';

/** A warning the review lists before the save: what it is about, and the reason in words. */
export type ReviewWarning = {
  /** Stable key for lists. */
  key: string;
  /** What it is: a zone warning's code, `hours`, or `unchecked` (the zone checks could not run). */
  code: ZoneWarning['code'] | 'hours' | 'unchecked';
  /** "Zone 2 (North)", "Branch location", "Contact 1 (Ann Lee)". */
  subject: string;
  message: string;
  /**
   * What makes it the same warning at another save: its kind, the zones or contact it is about
   * (by id, so a zone renamed keeps its warnings), and its figures (an overlap grown, a zone
   * moved farther, is a new warning).
   */
  identity: string;
};

/**
 * The review's findings, against the branch as loaded: `errors` block the save (a zone farther
 * from the branch than it may be); `added` are warnings the save would bring, which Save names;
 * `kept` were there at the last save already (the same `identity`), listed apart and never
 * asked about again.
 */
export type ReviewFindings = { errors: ReviewWarning[]; added: ReviewWarning[]; kept: ReviewWarning[] };

/** The distance from the branch location a zone may reach, in km (the config's, or the branch's allowance). */
export function allowedDistanceKm(
  limits: { maxDistanceKm: number; branchMaxDistanceKm: Readonly<Record<string, number>> },
  branchId: string,
): number {
  return limits.branchMaxDistanceKm[branchId] ?? limits.maxDistanceKm;
}

/** A zone's number (as the zone list beside the map counts them) and name. */
function zoneSubject(zones: ZoneCollection, index: number): string {
  const name = zones.features[index]?.properties.name;
  const n = index + 1;
  const zone = typeof name === 'string' ? name.trim() : '';
  return zone !== '' ? i18n._(msg`Zone ${n} (${zone})`) : i18n._(msg`Zone ${n}`);
}

/**
 * Each zone's index under the ids src/geo gives zones in warnings: the feature's id as text, else
 * `#n`; a MultiPolygon's parts `id-1`, `id-2`...
 */
function zoneById(id: string): string {
  return i18n._(msg`Zone ${id}`);
}

function zoneIndexes(zones: ZoneCollection): Map<string, number> {
  const indexes = new Map<string, number>();
  zones.features.forEach((feature, index) => {
    const geoId = featureId(feature) ?? `#${index + 1}`;
    if (!indexes.has(geoId)) indexes.set(geoId, index);
    const geometry = feature.geometry;
    if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
      const parts = geometry.coordinates.length;
      for (let k = 1; parts > 1 && k <= parts; k++)
        if (!indexes.has(`${geoId}-${k}`)) indexes.set(`${geoId}-${k}`, index);
    }
  });
  return indexes;
}

/** A zone warning's ids and figures (the figures as its message rounds them; not the zones' names). */
function zoneIdentity(w: ZoneWarning): string {
  // The figures of the message without the quoted names in it ("Zone "North 2" overlaps…").
  const figures = (text: string) =>
    text
      .replace(/"[^"]*"/g, '')
      .match(/\d+(?:[.,]\d+)?/g)
      ?.join(' ') ?? '';
  switch (w.code) {
    case 'zones_overlap':
      return `${w.code}|${w.zoneId}|${w.otherZoneId}|${figures(w.message)}`;
    case 'overlaps_other_branch':
      return `${w.code}|${w.zoneId}|${w.branchId}|${w.otherZoneId}|${figures(w.message)}`;
    case 'far_from_branch':
      return `${w.code}|${w.zoneId}|${w.distanceKm.toFixed(1)}`;
    case 'pin_outside_zones':
      return `${w.code}|${w.position.join(',')}`;
  }
}

/** The zone warnings as the review lists them: by zone, in the zone list's order; the location's last. */
export function zoneReviewWarnings(zones: ZoneCollection, warnings: readonly ZoneWarning[]): ReviewWarning[] {
  const indexes = zoneIndexes(zones);
  return warnings
    .map((warning, n) => {
      const index = warning.code === 'pin_outside_zones' ? undefined : indexes.get(warning.zoneId);
      const subject =
        warning.code === 'pin_outside_zones'
          ? i18n._(msg`Branch location`)
          : index === undefined
            ? zoneById(warning.zoneId)
            : zoneSubject(zones, index);
      const order = warning.code === 'pin_outside_zones' ? Infinity : (index ?? zones.features.length);
      return {
        order,
        n,
        warning: {
          key: `zone:${n}:${warning.code}`,
          code: warning.code,
          subject,
          message: warningText(warning),
          identity: zoneIdentity(warning),
        },
      };
    })
    .sort((a, b) => a.order - b.order || a.n - b.n)
    .map((w) => w.warning);
}

/** Contacts whose hours end before they start (overnight), or at the time they start. */
export function hoursReviewWarnings(contacts: BranchFormValues['contacts']): ReviewWarning[] {
  return unusualHours(contacts).map(({ index, name, kind, from, to }) => {
    const n = index + 1;
    return {
      key: `hours:${index}`,
      code: 'hours' as const,
      identity: `hours|${name}|${kind}|${from}|${to}`,
      subject: name ? i18n._(msg`Contact ${n} (${name})`) : i18n._(msg`Contact ${n}`),
      message:
        kind === 'overnight'
          ? i18n._(msg`Hours ${from} to ${to} end before they start: they end the next day. Check AM and PM.`)
          : i18n._(msg`Hours start and end at ${from}. Check AM and PM.`),
    };
  });
}

/**
 * Every open warning of the branch as it will be saved, for the review: the zone warnings the
 * editor shows (overlaps with each other and with other branches' zones, zones far from the
 * location, the location outside the zones), worked out by `warn` (src/geo's `zoneWarnings`)
 * from the same inputs as the editor's: other branches' zones (`context`) and the location the
 * fields hold; and the hours that end before they start.
 */
export function reviewWarnings(
  values: BranchFormValues,
  {
    warn,
    context,
    farKm,
  }: { warn: typeof zoneWarnings | null; context: readonly ContextArea[]; farKm?: number },
): ReviewWarning[] {
  const found = warn
    ? warn(values.delivery_zones, {
        others: context.map((c) => ({ branchId: c.id, fc: c.fc })),
        pin: pinOf(values.coordinates),
        farKm,
      })
    : [];
  return [...zoneReviewWarnings(values.delivery_zones, found), ...hoursReviewWarnings(values.contacts)];
}

/**
 * Splits the warnings of the branch as it will be saved (`now`) against those of the branch as
 * loaded (`before`), by identity: a zone beyond `farKm` of the location is an error, unless it
 * was so at the last save (the same zone at the same distance: listed as already there); any
 * other warning is new or already there. The zone checks failing to run is always new.
 */
export function splitFindings(
  now: readonly ReviewWarning[],
  before: readonly ReviewWarning[],
): ReviewFindings {
  const known = new Set(before.filter((w) => w.code !== 'unchecked').map((w) => w.identity));
  const findings: ReviewFindings = { errors: [], added: [], kept: [] };
  for (const w of now) {
    if (known.has(w.identity)) findings.kept.push(w);
    else if (w.code === 'far_from_branch') {
      const warning = w.message;
      findings.errors.push({
        ...w,
        message: i18n._(
          msg`${warning} Saving is blocked until it is within that distance (or the configuration allows this branch more).`,
        ),
      });
    } else findings.added.push(w);
  }
  return findings;
}

/**
 * The review's findings for `values` against the branch as loaded (`base`), with src/geo's
 * `zoneWarnings` loaded (from the chunk the zone map loads it from: polygon clipping stays out
 * of the editor's first load); `farKm`: how far from the location a zone may reach. When the
 * checks cannot be loaded, the review says so, as a new warning.
 */
export async function loadReviewFindings(
  values: BranchFormValues,
  base: BranchFormValues,
  context: readonly ContextArea[],
  farKm: number,
): Promise<ReviewFindings> {
  let warn: typeof zoneWarnings | null = null;
  let unchecked: ReviewWarning[] = [];
  try {
    warn = (await import('../../../geo/warnings')).zoneWarnings;
  } catch (error) {
    const reason = errorMessage(error);
    unchecked = [
      {
        key: 'zones:unchecked',
        code: 'unchecked',
        subject: i18n._(msg`Delivery zones`),
        identity: 'unchecked',
        message: i18n._(
          msg`The zone warnings could not be worked out (${reason}). Check the zone list before saving.`,
        ),
      },
    ];
  }
  const options = { warn, context, farKm };
  return splitFindings([...unchecked, ...reviewWarnings(values, options)], reviewWarnings(base, options));
}
