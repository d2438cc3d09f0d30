import type { Branch, BranchPatch, DeliveryZonesInput } from '../../contract';
import { isZoneDiffEmpty, normalizeZones, zoneDiff, type ZoneCollectionLike } from '../../geo';
import {
  contactToInput,
  parseDegrees,
  toFormValues,
  type BranchFormValues,
  type ContactValues,
  type ZoneCollection,
} from './form-model';

/**
 * What the review step lists: one entry per changed field (per contact for contacts, per
 * zone for zones), said for people.
 */
export type Section = 'Identity' | 'Location' | 'Contacts' | 'Delivery zones';

export type Change = {
  /** Stable key for lists. */
  key: string;
  section: Section;
  /** The top-level field of the PUT body this change travels in. */
  field: PatchField;
  /** "Name", "Contact 2 (Ann Lee)", "Zone North". */
  label: string;
  /** "removed", "added", "changed", "reordered", "reshaped", "renamed". */
  kind: 'changed' | 'added' | 'removed' | 'reordered' | 'reshaped' | 'renamed';
  before?: string;
  after?: string;
  /** Sub-lines (the fields of a contact that changed, an area change...). */
  details?: string[];
  /** A warning to read before saving (the consequences of a rename). */
  note?: string;
};

export type PatchField = keyof BranchPatch;
export const PATCH_FIELDS: readonly PatchField[] = [
  'id',
  'name',
  'active',
  'coordinates',
  'formatted_address',
  'contacts',
  'delivery_zones',
];

// ---------------------------------------------------------------------------------------
// Comparing fields (the same rules decide what the body carries and what the review shows)
// ---------------------------------------------------------------------------------------

let zoneIdCounter = 0;
const comparableCache = new WeakMap<object, string>();

/**
 * Zones as they would be sent, with positional ids for features without one, as text that
 * compares equal for equal zones. Cached per collection object (the form compares on every
 * keystroke; zone objects only change when zones do).
 */
function comparableZones(fc: ZoneCollectionLike | null | undefined): string {
  if (fc) {
    const hit = comparableCache.get(fc);
    if (hit !== undefined) return hit;
  }
  let n = 0;
  const text = JSON.stringify(normalizeZones(fc ?? { features: [] }, { generateId: () => `unsaved-${++n}` }));
  if (fc) comparableCache.set(fc, text);
  return text;
}

/** Zones ready for the PUT body: normalised per DESIGN.md (6 decimals, CCW exteriors, string ids). */
export function zonesForBody(fc: ZoneCollection): DeliveryZonesInput {
  return normalizeZones(fc, {
    generateId: () => `zone-${Date.now().toString(36)}-${(++zoneIdCounter).toString(36)}`,
  });
}

function sameCoordinates(a: BranchFormValues['coordinates'], b: BranchFormValues['coordinates']): boolean {
  const la = parseDegrees(a.latitude);
  const lb = parseDegrees(b.latitude);
  const oa = parseDegrees(a.longitude);
  const ob = parseDegrees(b.longitude);
  if (la === null || lb === null || oa === null || ob === null) {
    return a.latitude.trim() === b.latitude.trim() && a.longitude.trim() === b.longitude.trim();
  }
  return la === lb && oa === ob;
}

function sameContacts(a: readonly ContactValues[], b: readonly ContactValues[]): boolean {
  return JSON.stringify(a.map(contactToInput)) === JSON.stringify(b.map(contactToInput));
}

/** Is this top-level field different between the two sets of values? */
export function fieldDiffers(field: PatchField, a: BranchFormValues, b: BranchFormValues): boolean {
  switch (field) {
    case 'id':
      return a.id.trim() !== b.id.trim();
    case 'name':
      return a.name.trim() !== b.name.trim();
    case 'active':
      return a.active !== b.active;
    case 'coordinates':
      return !sameCoordinates(a.coordinates, b.coordinates);
    case 'formatted_address':
      return a.formatted_address.trim() !== b.formatted_address.trim();
    case 'contacts':
      return !sameContacts(a.contacts, b.contacts);
    case 'delivery_zones':
      return comparableZones(a.delivery_zones) !== comparableZones(b.delivery_zones);
  }
}

/** The top-level fields whose values differ, in body order. */
export function changedFields(before: BranchFormValues, after: BranchFormValues): PatchField[] {
  return PATCH_FIELDS.filter((f) => fieldDiffers(f, before, after));
}

// ---------------------------------------------------------------------------------------
// The PUT body
// ---------------------------------------------------------------------------------------

/**
 * The `branch` object of the PUT: only the fields that changed against the loaded branch;
 * contacts and delivery_zones whole when anything in them changed (the reference server
 * replaces them wholesale); zones normalised; coordinates both numbers. `{}` when nothing
 * changed. Assumes the values passed the form schema.
 */
export function buildPatch(loaded: Branch, values: BranchFormValues): BranchPatch {
  const base = toFormValues(loaded);
  const patch: BranchPatch = {};
  for (const field of changedFields(base, values)) {
    switch (field) {
      case 'id':
        patch.id = values.id.trim();
        break;
      case 'name':
        patch.name = values.name.trim();
        break;
      case 'active':
        patch.active = values.active;
        break;
      case 'coordinates':
        patch.coordinates = {
          latitude: parseDegrees(values.coordinates.latitude) ?? NaN,
          longitude: parseDegrees(values.coordinates.longitude) ?? NaN,
        };
        break;
      case 'formatted_address':
        patch.formatted_address = values.formatted_address.trim();
        break;
      case 'contacts':
        patch.contacts = values.contacts.map(contactToInput);
        break;
      case 'delivery_zones':
        patch.delivery_zones = zonesForBody(values.delivery_zones);
        break;
    }
  }
  return patch;
}

// ---------------------------------------------------------------------------------------
// Field-by-field changes for the review step
// ---------------------------------------------------------------------------------------

function quote(text: string): string {
  return text.trim() === '' ? '(empty)' : text.trim();
}

function coordinatesText(c: BranchFormValues['coordinates']): string {
  return `${c.latitude.trim() || '?'}, ${c.longitude.trim() || '?'} (lat, lon)`;
}

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
  if (days.length === 7) return 'every day';
  return days.map((d) => DAY_SHORT[d] ?? d).join(', ');
}

function hoursText(c: ContactValues): string {
  return `${c.work_timings.from || '?'} – ${c.work_timings.to || '?'}`;
}

function contactLabel(c: ContactValues, index: number): string {
  return c.name.trim() ? `Contact ${index + 1} (${c.name.trim()})` : `Contact ${index + 1}`;
}

function contactSummary(c: ContactValues): string {
  return `${quote(c.name)}, ${quote(c.phone)}, ${hoursText(c)}, ${daysText(c.work_days)}`;
}

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

type Match = { before: number; after: number };

/**
 * Pairs contacts of two lists (contacts have no ids): identical ones first, then by name,
 * then by phone, then by position. Unpaired ones were added or removed.
 */
export function matchContacts(before: readonly ContactValues[], after: readonly ContactValues[]): Match[] {
  const keyOf = (c: ContactValues) => JSON.stringify(contactToInput(c));
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  const matches: Match[] = [];
  const pass = (same: (a: ContactValues, b: ContactValues) => boolean) => {
    after.forEach((b, j) => {
      if (usedAfter.has(j)) return;
      const i = before.findIndex((a, i) => !usedBefore.has(i) && same(a, b));
      if (i >= 0) {
        usedBefore.add(i);
        usedAfter.add(j);
        matches.push({ before: i, after: j });
      }
    });
  };
  pass((a, b) => keyOf(a) === keyOf(b));
  pass((a, b) => a.name.trim() !== '' && a.name.trim().toLowerCase() === b.name.trim().toLowerCase());
  pass((a, b) => a.phone.trim() !== '' && a.phone.replace(/\D/g, '') === b.phone.replace(/\D/g, ''));
  after.forEach((_, j) => {
    if (!usedAfter.has(j) && j < before.length && !usedBefore.has(j)) {
      usedBefore.add(j);
      usedAfter.add(j);
      matches.push({ before: j, after: j });
    }
  });
  return matches.sort((x, y) => x.after - y.after);
}

export function diffContacts(before: readonly ContactValues[], after: readonly ContactValues[]): Change[] {
  const changes: Change[] = [];
  const matches = matchContacts(before, after);
  const matchedBefore = new Set(matches.map((m) => m.before));
  const matchedAfter = new Set(matches.map((m) => m.after));
  const base = { section: 'Contacts' as const, field: 'contacts' as const };

  for (const m of matches) {
    const lines = contactFieldChanges(before[m.before]!, after[m.after]!);
    if (lines.length) {
      changes.push({
        ...base,
        key: `contact-${m.after}`,
        kind: 'changed',
        label: contactLabel(after[m.after]!, m.after),
        details: lines,
      });
    }
  }
  after.forEach((c, j) => {
    if (!matchedAfter.has(j)) {
      changes.push({
        ...base,
        key: `contact-add-${j}`,
        kind: 'added',
        label: contactLabel(c, j),
        after: contactSummary(c),
      });
    }
  });
  before.forEach((c, i) => {
    if (!matchedBefore.has(i)) {
      changes.push({
        ...base,
        key: `contact-del-${i}`,
        kind: 'removed',
        label: contactLabel(c, i),
        before: contactSummary(c),
      });
    }
  });
  // Reordered: the paired contacts no longer appear in their old relative order.
  const order = matches.map((m) => m.before);
  if (order.some((v, k) => k > 0 && v < order[k - 1]!)) {
    changes.push({
      ...base,
      key: 'contact-order',
      kind: 'reordered',
      label: 'Order of contacts',
      before: matches
        .slice()
        .sort((x, y) => x.before - y.before)
        .map((m) => quote(before[m.before]!.name))
        .join(', '),
      after: matches.map((m) => quote(after[m.after]!.name)).join(', '),
    });
  }
  if (changes.length === 0 && !sameContacts(before, after)) {
    changes.push({
      ...base,
      key: 'contacts',
      kind: 'changed',
      label: 'Contacts',
      details: ['Contact values were tidied (spacing, time format).'],
    });
  }
  return changes;
}

function km2(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} km²`;
}

function signedKm2(value: number): string {
  return `${value >= 0 ? '+' : '−'}${km2(Math.abs(value))}`;
}

function zoneLabel(z: { id: string; name: string | null }): string {
  return z.name ? `Zone ${z.name}` : `Zone ${z.id}`;
}

export function diffZones(before: ZoneCollection | null, after: ZoneCollection | null): Change[] {
  const d = zoneDiff(before, after);
  const base = { section: 'Delivery zones' as const, field: 'delivery_zones' as const };
  const changes: Change[] = [];
  for (const z of d.added) {
    changes.push({
      ...base,
      key: `zone-add-${z.id}`,
      kind: 'added',
      label: zoneLabel(z),
      after: km2(z.areaKm2),
    });
  }
  for (const z of d.removed) {
    changes.push({
      ...base,
      key: `zone-del-${z.id}`,
      kind: 'removed',
      label: zoneLabel(z),
      before: km2(z.areaKm2),
    });
  }
  for (const z of d.reshaped) {
    changes.push({
      ...base,
      key: `zone-shape-${z.id}`,
      kind: 'reshaped',
      label: zoneLabel(z),
      before: km2(z.areaBeforeKm2),
      after: km2(z.areaAfterKm2),
      details: [`Area change ${signedKm2(z.areaAfterKm2 - z.areaBeforeKm2)}`],
    });
  }
  for (const z of d.renamed) {
    changes.push({
      ...base,
      key: `zone-name-${z.id}`,
      kind: 'renamed',
      label: `Zone ${z.id}`,
      before: z.from ?? '(no name)',
      after: z.to ?? '(no name)',
    });
  }
  if (isZoneDiffEmpty(d) && comparableZones(before) !== comparableZones(after)) {
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

/** Total area of every zone that has a measurable area, km². */
export function totalAreaKm2(fc: ZoneCollection | null): number {
  const d = zoneDiff(null, fc);
  return d.added.reduce((sum, z) => sum + (Number.isFinite(z.areaKm2) ? z.areaKm2 : 0), 0);
}

export function renameNote(oldId: string, newId: string): string {
  return `Links, bookmarks and job filters that use "${oldId}" will no longer find this branch; use "${newId}" from now on. Jobs of the branch follow the new id.`;
}

/**
 * Every change between two sets of form values, field by field, in form order.
 * `zones` may be passed precomputed (zones are the expensive part).
 */
export function diffValues(before: BranchFormValues, after: BranchFormValues, zones?: Change[]): Change[] {
  const changes: Change[] = [];
  if (fieldDiffers('id', before, after)) {
    changes.push({
      key: 'id',
      section: 'Identity',
      field: 'id',
      kind: 'changed',
      label: 'Id',
      before: before.id.trim(),
      after: after.id.trim(),
      note: renameNote(before.id.trim(), after.id.trim()),
    });
  }
  if (fieldDiffers('name', before, after)) {
    changes.push({
      key: 'name',
      section: 'Identity',
      field: 'name',
      kind: 'changed',
      label: 'Name',
      before: quote(before.name),
      after: quote(after.name),
    });
  }
  if (fieldDiffers('active', before, after)) {
    changes.push({
      key: 'active',
      section: 'Identity',
      field: 'active',
      kind: 'changed',
      label: 'Active',
      before: before.active ? 'Active' : 'Inactive',
      after: after.active ? 'Active' : 'Inactive',
    });
  }
  if (fieldDiffers('coordinates', before, after)) {
    changes.push({
      key: 'coordinates',
      section: 'Location',
      field: 'coordinates',
      kind: 'changed',
      label: 'Coordinates',
      before: coordinatesText(before.coordinates),
      after: coordinatesText(after.coordinates),
    });
  }
  if (fieldDiffers('formatted_address', before, after)) {
    changes.push({
      key: 'formatted_address',
      section: 'Location',
      field: 'formatted_address',
      kind: 'changed',
      label: 'Address',
      before: quote(before.formatted_address),
      after: quote(after.formatted_address),
    });
  }
  changes.push(...diffContacts(before.contacts, after.contacts));
  changes.push(...(zones ?? diffZones(before.delivery_zones, after.delivery_zones)));
  return changes;
}

// ---------------------------------------------------------------------------------------
// Re-applying edits onto a newer version (draft restore, reload after a conflict)
// ---------------------------------------------------------------------------------------

export type Rebased = {
  values: BranchFormValues;
  /** Fields the manager changed that were also changed, differently, on the server. */
  overlapping: PatchField[];
  /** Fields the manager changed (kept from `mine`). */
  kept: PatchField[];
};

const FIELD_KEYS: Record<PatchField, keyof BranchFormValues> = {
  id: 'id',
  name: 'name',
  active: 'active',
  coordinates: 'coordinates',
  formatted_address: 'formatted_address',
  contacts: 'contacts',
  delivery_zones: 'delivery_zones',
};

/**
 * Three-way merge by top-level field: for every field the manager changed (`mine` against
 * `base`), their value wins; every other field takes the server's current value (`theirs`).
 */
export function rebase(base: BranchFormValues, mine: BranchFormValues, theirs: BranchFormValues): Rebased {
  const values: BranchFormValues = { ...theirs };
  const overlapping: PatchField[] = [];
  const kept: PatchField[] = [];
  for (const field of PATCH_FIELDS) {
    if (!fieldDiffers(field, base, mine)) continue;
    kept.push(field);
    const key = FIELD_KEYS[field];
    (values as Record<keyof BranchFormValues, unknown>)[key] = mine[key];
    if (fieldDiffers(field, base, theirs) && fieldDiffers(field, mine, theirs)) overlapping.push(field);
  }
  return { values, overlapping, kept };
}

export const FIELD_NAMES: Record<PatchField, string> = {
  id: 'Id',
  name: 'Name',
  active: 'Active',
  coordinates: 'Coordinates',
  formatted_address: 'Address',
  contacts: 'Contacts',
  delivery_zones: 'Delivery zones',
};
