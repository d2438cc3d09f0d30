import { msg } from '@lingui/core/macro';
import type { ZoneCollection } from '../../../contract';
import { currentLocale, i18n } from '../../../i18n';
import { isZoneDiffEmpty, zoneDiff } from '../../../geo';
import { FIELDS, changedFields, fieldLabel, sameZones, type PatchField, type Section } from '../form/fields';
import { contactToInput, type BranchFormValues, type ContactValues } from '../form/form-model';
import { shortDay } from '../form/weekdays';

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
      label: fieldLabel(field),
      before: rule.text?.(before),
      after: rule.text?.(after),
      note: rule.note?.(before, after),
    },
  ];
}

// ---------------------------------------------------------------------------------------
// Contacts, paired by their client key
// ---------------------------------------------------------------------------------------

const WEEK = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);

export function daysText(days: readonly string[]): string {
  if (days.length === 0) return i18n._(msg`no days`);
  if (days.length === 7 && days.every((d) => WEEK.has(d))) return i18n._(msg`every day`);
  return days.map(shortDay).join(', ');
}

const quote = (text: string) => (text.trim() === '' ? i18n._(msg`(empty)`) : text.trim());
const hoursText = (c: ContactValues) => `${c.work_timings.from || '?'} – ${c.work_timings.to || '?'}`;
const contactLabel = (c: ContactValues, index: number) => {
  const n = index + 1;
  const name = c.name.trim();
  return name ? i18n._(msg`Contact ${n} (${name})`) : i18n._(msg`Contact ${n}`);
};
const contactSummary = (c: ContactValues) =>
  `${quote(c.name)}, ${quote(c.phone)}, ${hoursText(c)}, ${daysText(c.work_days)}`;

function contactFieldChanges(a: ContactValues, b: ContactValues): string[] {
  const ia = contactToInput(a);
  const ib = contactToInput(b);
  const lines: string[] = [];
  if (ia.name !== ib.name) {
    const from = quote(ia.name);
    const to = quote(ib.name);
    lines.push(i18n._(msg`Name: ${from} → ${to}`));
  }
  if (ia.phone !== ib.phone) {
    const from = quote(ia.phone);
    const to = quote(ib.phone);
    lines.push(i18n._(msg`Phone: ${from} → ${to}`));
  }
  if (ia.work_timings.from !== ib.work_timings.from || ia.work_timings.to !== ib.work_timings.to) {
    const from = hoursText(a);
    const to = hoursText(b);
    lines.push(i18n._(msg`Hours: ${from} → ${to}`));
  }
  if (ia.work_days.join() !== ib.work_days.join()) {
    const from = daysText(ia.work_days);
    const to = daysText(ib.work_days);
    lines.push(i18n._(msg`Days: ${from} → ${to}`));
  }
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
      label: i18n._(msg`Order of contacts`),
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
  const digits = value < 10 ? 2 : 1;
  const area = new Intl.NumberFormat(currentLocale().tag, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
  return i18n._(msg`${area} km²`);
}

function zoneLabel(z: { id: string; name: string | null }): string {
  const zone = z.name ?? z.id;
  return i18n._(msg`Zone ${zone}`);
}

function areaChange(delta: number): string {
  const area = `${delta >= 0 ? '+' : '−'}${km2(Math.abs(delta))}`;
  return i18n._(msg`Area change ${area}`);
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
      details: [areaChange(z.areaAfterKm2 - z.areaBeforeKm2)],
    })),
    ...d.renamed.map((z): Change => ({
      ...base,
      key: `zone-name-${z.id}`,
      kind: 'renamed',
      label: zoneLabel({ id: z.id, name: null }),
      before: z.from ?? i18n._(msg`(no name)`),
      after: z.to ?? i18n._(msg`(no name)`),
    })),
  ];
  if (isZoneDiffEmpty(d)) {
    changes.push({
      ...base,
      key: 'zones-other',
      kind: 'changed',
      label: i18n._(msg`Zones`),
      details: [i18n._(msg`Order or other properties of the zones changed.`)],
    });
  }
  return changes;
}
