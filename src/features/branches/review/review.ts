import type { ZoneCollection } from '../../../contract';
import { isZoneDiffEmpty, zoneDiff } from '../../../geo';
import { FIELDS, changedFields, sameZones, type PatchField, type Section } from '../form/fields';
import { contactToInput, type BranchFormValues, type ContactValues } from '../form/form-model';

/**
 * What the review step lists: one entry per changed field (per contact for contacts, per
 * zone for zones), said for people.
 */
export type Change = {
  /** Stable key for lists. */
  key: string;
  section: Section;
  /** The top-level field of the PUT body this change travels in. */
  field: PatchField;
  /** "Name", "Contact 2 (Ann Lee)", "Zone North". */
  label: string;
  kind: 'changed' | 'added' | 'removed' | 'reordered' | 'reshaped' | 'renamed';
  before?: string;
  after?: string;
  /** Sub-lines (the fields of a contact that changed, an area change...). */
  details?: string[];
  /** A warning to read before saving (the consequences of a rename). */
  note?: string;
};

/** Every change between two sets of form values, field by field, in form order. */
export function reviewChanges(before: BranchFormValues, after: BranchFormValues): Change[] {
  return changedFields(before, after).flatMap((field) => fieldChanges(field, before, after));
}

/**
 * The changes of one field that differs between the two sets of values. Zones are the costly
 * part (areas of every reshaped zone): callers that redraw often keep them with `zoneChanges`.
 */
export function fieldChanges(field: PatchField, before: BranchFormValues, after: BranchFormValues): Change[] {
  if (field === 'contacts') return contactChanges(before.contacts, after.contacts);
  if (field === 'delivery_zones') return zoneChanges(before.delivery_zones, after.delivery_zones);
  const rule = FIELDS[field];
  return [
    {
      key: field,
      section: rule.section,
      field,
      kind: 'changed',
      label: rule.label,
      before: rule.text?.(before),
      after: rule.text?.(after),
      note: rule.note?.(before, after),
    },
  ];
}

// ---------------------------------------------------------------------------------------
// Contacts, paired by their client key
// ---------------------------------------------------------------------------------------

const DAY_SHORT: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

export function daysText(days: readonly string[]): string {
  if (days.length === 0) return 'no days';
  if (days.length === 7 && days.every((d) => d in DAY_SHORT)) return 'every day';
  return days.map((d) => DAY_SHORT[d] ?? d).join(', ');
}

const quote = (text: string) => (text.trim() === '' ? '(empty)' : text.trim());
const hoursText = (c: ContactValues) => `${c.work_timings.from || '?'} – ${c.work_timings.to || '?'}`;
const contactLabel = (c: ContactValues, index: number) =>
  c.name.trim() ? `Contact ${index + 1} (${c.name.trim()})` : `Contact ${index + 1}`;
const contactSummary = (c: ContactValues) =>
  `${quote(c.name)}, ${quote(c.phone)}, ${hoursText(c)}, ${daysText(c.work_days)}`;

function contactFieldChanges(a: ContactValues, b: ContactValues): string[] {
  const ia = contactToInput(a);
  const ib = contactToInput(b);
  const lines: string[] = [];
  if (ia.name !== ib.name) lines.push(`Name: ${quote(ia.name)} → ${quote(ib.name)}`);
  if (ia.phone !== ib.phone) lines.push(`Phone: ${quote(ia.phone)} → ${quote(ib.phone)}`);
  if (ia.work_timings.from !== ib.work_timings.from || ia.work_timings.to !== ib.work_timings.to) {
    lines.push(`Hours: ${hoursText(a)} → ${hoursText(b)}`);
  }
  if (ia.work_days.join() !== ib.work_days.join())
    lines.push(`Days: ${daysText(ia.work_days)} → ${daysText(ib.work_days)}`);
  return lines;
}

/**
 * Contacts changed, added, removed and reordered, pairing each contact with itself by its
 * client key (`ContactValues.clientKey`).
 */
export function contactChanges(before: readonly ContactValues[], after: readonly ContactValues[]): Change[] {
  const base = { section: 'Contacts' as const, field: 'contacts' as const };
  const beforeIndex = new Map(before.map((c, i) => [c.clientKey, i]));
  const afterKeys = new Set(after.map((c) => c.clientKey));
  const changes: Change[] = [];
  /** The contacts kept: their positions in `before` and `after`, in their order in `after`. */
  const kept: { i: number; j: number }[] = [];

  after.forEach((c, j) => {
    const i = beforeIndex.get(c.clientKey);
    if (i === undefined) {
      changes.push({
        ...base,
        key: `contact-add-${c.clientKey}`,
        kind: 'added',
        label: contactLabel(c, j),
        after: contactSummary(c),
      });
      return;
    }
    kept.push({ i, j });
    const lines = contactFieldChanges(before[i]!, c);
    if (lines.length) {
      changes.push({
        ...base,
        key: `contact-${c.clientKey}`,
        kind: 'changed',
        label: contactLabel(c, j),
        details: lines,
      });
    }
  });
  before.forEach((c, i) => {
    if (!afterKeys.has(c.clientKey)) {
      changes.push({
        ...base,
        key: `contact-del-${c.clientKey}`,
        kind: 'removed',
        label: contactLabel(c, i),
        before: contactSummary(c),
      });
    }
  });
  if (kept.some((m, k) => k > 0 && m.i < kept[k - 1]!.i)) {
    changes.push({
      ...base,
      key: 'contact-order',
      kind: 'reordered',
      label: 'Order of contacts',
      before: kept
        .map((m) => m.i)
        .sort((x, y) => x - y)
        .map((i) => quote(before[i]!.name))
        .join(', '),
      after: kept.map((m) => quote(after[m.j]!.name)).join(', '),
    });
  }
  return changes;
}

// ---------------------------------------------------------------------------------------
// Zones, paired by id
// ---------------------------------------------------------------------------------------

function km2(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} km²`;
}

function signedKm2(value: number): string {
  return `${value >= 0 ? '+' : '−'}${km2(Math.abs(value))}`;
}

function zoneLabel(z: { id: string; name: string | null }): string {
  return z.name ? `Zone ${z.name}` : `Zone ${z.id}`;
}

export function zoneChanges(before: ZoneCollection | null, after: ZoneCollection | null): Change[] {
  if (sameZones(before, after)) return [];
  const d = zoneDiff(before, after);
  const base = { section: 'Delivery zones' as const, field: 'delivery_zones' as const };
  const changes: Change[] = [
    ...d.added.map((z): Change => ({
      ...base,
      key: `zone-add-${z.id}`,
      kind: 'added',
      label: zoneLabel(z),
      after: km2(z.areaKm2),
    })),
    ...d.removed.map((z): Change => ({
      ...base,
      key: `zone-del-${z.id}`,
      kind: 'removed',
      label: zoneLabel(z),
      before: km2(z.areaKm2),
    })),
    ...d.reshaped.map((z): Change => ({
      ...base,
      key: `zone-shape-${z.id}`,
      kind: 'reshaped',
      label: zoneLabel(z),
      before: km2(z.areaBeforeKm2),
      after: km2(z.areaAfterKm2),
      details: [`Area change ${signedKm2(z.areaAfterKm2 - z.areaBeforeKm2)}`],
    })),
    ...d.renamed.map((z): Change => ({
      ...base,
      key: `zone-name-${z.id}`,
      kind: 'renamed',
      label: `Zone ${z.id}`,
      before: z.from ?? '(no name)',
      after: z.to ?? '(no name)',
    })),
  ];
  if (isZoneDiffEmpty(d)) {
    changes.push({
      ...base,
      key: 'zones-other',
      kind: 'changed',
      label: 'Zones',
      details: ['Order or other properties of the zones changed.'],
    });
  }
  return changes;
}
