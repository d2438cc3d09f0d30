import { featureId, type ZoneWarning, type zoneWarnings } from '../../../geo';
import { errorMessage } from '../../../lib/error-message';
import type { ContextArea } from '../../../map';
import { pinOf, unusualHours, type BranchFormValues, type ZoneCollection } from '../form/form-model';

/** A warning the review lists before the save: what it is about, and the reason in words. */
export type ReviewWarning = {
  /** Stable key for lists. */
  key: string;
  /** "Zone 2 (North)", "Branch location", "Contact 1 (Ann Lee)". */
  subject: string;
  message: string;
};

/** A zone's number (as the zone list beside the map counts them) and name. */
function zoneSubject(zones: ZoneCollection, index: number): string {
  const name = zones.features[index]?.properties.name;
  return typeof name === 'string' && name.trim() !== ''
    ? `Zone ${index + 1} (${name.trim()})`
    : `Zone ${index + 1}`;
}

/**
 * Each zone's index under the ids src/geo gives zones in warnings: the feature's id as text, else
 * `#n`; a MultiPolygon's parts `id-1`, `id-2`...
 */
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

/** The zone warnings as the review lists them: by zone, in the zone list's order; the location's last. */
export function zoneReviewWarnings(zones: ZoneCollection, warnings: readonly ZoneWarning[]): ReviewWarning[] {
  const indexes = zoneIndexes(zones);
  return warnings
    .map((warning, n) => {
      const index = warning.code === 'pin_outside_zones' ? undefined : indexes.get(warning.zoneId);
      const subject =
        warning.code === 'pin_outside_zones'
          ? 'Branch location'
          : index === undefined
            ? `Zone ${warning.zoneId}`
            : zoneSubject(zones, index);
      const order = warning.code === 'pin_outside_zones' ? Infinity : (index ?? zones.features.length);
      return { order, n, warning: { key: `zone:${n}:${warning.code}`, subject, message: warning.message } };
    })
    .sort((a, b) => a.order - b.order || a.n - b.n)
    .map((w) => w.warning);
}

/** Contacts whose hours end before they start (overnight), or at the time they start. */
export function hoursReviewWarnings(contacts: BranchFormValues['contacts']): ReviewWarning[] {
  return unusualHours(contacts).map((c) => ({
    key: `hours:${c.index}`,
    subject: `Contact ${c.index + 1}${c.name ? ` (${c.name})` : ''}`,
    message:
      c.kind === 'overnight'
        ? `Hours ${c.from} to ${c.to} end before they start: they end the next day. Check AM and PM.`
        : `Hours start and end at ${c.from}. Check AM and PM.`,
  }));
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
  { warn, context }: { warn: typeof zoneWarnings | null; context: readonly ContextArea[] },
): ReviewWarning[] {
  const found = warn
    ? warn(values.delivery_zones, {
        others: context.map((c) => ({ branchId: c.id, fc: c.fc })),
        pin: pinOf(values.coordinates),
      })
    : [];
  return [...zoneReviewWarnings(values.delivery_zones, found), ...hoursReviewWarnings(values.contacts)];
}

/**
 * `reviewWarnings`, with src/geo's `zoneWarnings` loaded (from the chunk the zone map loads it
 * from: polygon clipping stays out of the editor's first load). When it cannot be loaded, the
 * review says so, as a warning.
 */
export async function loadReviewWarnings(
  values: BranchFormValues,
  context: readonly ContextArea[],
): Promise<ReviewWarning[]> {
  try {
    const { zoneWarnings } = await import('../../../geo/warnings');
    return reviewWarnings(values, { warn: zoneWarnings, context });
  } catch (error) {
    const unchecked: ReviewWarning = {
      key: 'zones:unchecked',
      subject: 'Delivery zones',
      message: `The zone warnings could not be worked out (${errorMessage(error)}). Check the zone list before saving.`,
    };
    return [unchecked, ...reviewWarnings(values, { warn: null, context })];
  }
}
