import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n';
import type { BranchPatch, DeliveryZonesInput, ZoneCollection } from '../../../contract';
import { normalizeZones, type ZoneCollectionLike } from '../../../geo';
import { contactToInput, parseDegrees, type BranchFormValues } from './form-model';

/**
 * The one table of the branch's editable fields. The PUT body (`put-body.ts`), the review list
 * (`review.ts`) and the rebase of edits onto a newer version (`rebase.ts`) all read it, so a
 * field compares, travels and reads the same way in all three.
 */

/** A top-level field of the PUT body, which is also a top-level field of the form. */
export type PatchField = keyof BranchPatch & keyof BranchFormValues;

/** Where a field sits in the form (the review groups its changes the same way). */
export type Section = 'Identity' | 'Location' | 'Contacts' | 'Delivery zones';

const SECTION_NAMES: Record<Section, MessageDescriptor> = {
  Identity: msg`Identity`,
  Location: msg`Location`,
  Contacts: msg`Contacts`,
  'Delivery zones': msg`Delivery zones`,
};

/** A section's heading, in the chosen language. */
export function sectionName(section: Section): string {
  return i18n._(SECTION_NAMES[section]);
}

type FieldRule = {
  /** The field said for people (fieldLabel): the review, the draft offer, the conflict dialog. */
  label: MessageDescriptor;
  section: Section;
  /** The field's value in the PUT body; the body is checked against the contract before it is sent. */
  body(values: BranchFormValues): unknown;
  /** The same value as far as the service is concerned; by default, equal bodies. */
  same?(a: BranchFormValues, b: BranchFormValues): boolean;
  /** The whole value said for people, for a field the review shows as before → after. */
  text?(values: BranchFormValues): string;
  /** What a change of the field brings about, said in the review. */
  note?(before: BranchFormValues, after: BranchFormValues): string;
};

const quote = (text: string) => (text.trim() === '' ? i18n._(msg`(empty)`) : text.trim());

export const FIELDS: Record<PatchField, FieldRule> = {
  id: {
    label: msg`Id`,
    section: 'Identity',
    body: (v) => v.id.trim(),
    text: (v) => v.id.trim(),
    note: (before, after) => {
      const oldId = before.id.trim();
      const newId = after.id.trim();
      return i18n._(
        msg`Links, bookmarks and job filters that use "${oldId}" will no longer find this branch; use "${newId}" from now on. Jobs of the branch follow the new id.`,
      );
    },
  },
  name: { label: msg`Name`, section: 'Identity', body: (v) => v.name.trim(), text: (v) => quote(v.name) },
  active: {
    label: msg`Active`,
    section: 'Identity',
    body: (v) => v.active,
    text: (v) => (v.active ? i18n._(msg`Active`) : i18n._(msg`Inactive`)),
  },
  coordinates: {
    label: msg`Coordinates`,
    section: 'Location',
    body: (v) => ({
      latitude: parseDegrees(v.coordinates.latitude) ?? NaN,
      longitude: parseDegrees(v.coordinates.longitude) ?? NaN,
    }),
    same: (a, b) => sameCoordinates(a.coordinates, b.coordinates),
    text: ({ coordinates: c }) => {
      const latitude = c.latitude.trim() || '?';
      const longitude = c.longitude.trim() || '?';
      return i18n._(msg`${latitude}, ${longitude} (lat, lon)`);
    },
  },
  formatted_address: {
    label: msg`Address`,
    section: 'Location',
    body: (v) => v.formatted_address.trim(),
    text: (v) => quote(v.formatted_address),
  },
  // Whole when anything in them changed: the reference server replaces lists wholesale.
  contacts: { label: msg`Contacts`, section: 'Contacts', body: (v) => v.contacts.map(contactToInput) },
  delivery_zones: {
    label: msg`Delivery zones`,
    section: 'Delivery zones',
    body: (v) => zonesForBody(v.delivery_zones),
    same: (a, b) => sameZones(a.delivery_zones, b.delivery_zones),
  },
};

/** The fields in body order, which is also the form's order. */
export const PATCH_FIELDS = Object.keys(FIELDS) as PatchField[];

/** Is this field's value the same in both sets of values, as the service would see it? */
export function sameField(field: PatchField, a: BranchFormValues, b: BranchFormValues): boolean {
  const rule = FIELDS[field];
  return rule.same ? rule.same(a, b) : JSON.stringify(rule.body(a)) === JSON.stringify(rule.body(b));
}

/** The fields whose values differ, in body order. */
export function changedFields(before: BranchFormValues, after: BranchFormValues): PatchField[] {
  return PATCH_FIELDS.filter((f) => !sameField(f, before, after));
}

/** A field's name, in the chosen language. */
export function fieldLabel(field: PatchField): string {
  return i18n._(FIELDS[field].label);
}

/** "Contact 2 phone", "Latitude", "Delivery zones": a form path said for people. */
export function describePath(path: string): string {
  const m = /^contacts\.(\d+)(?:\.(.+))?$/.exec(path);
  if (m) {
    const n = Number(m[1]) + 1;
    const rest = m[2]?.replace(/^work_days\.\d+$/, 'work_days');
    switch (rest) {
      case undefined:
        return i18n._(msg`Contact ${n}`);
      case 'name':
        return i18n._(msg`Contact ${n} name`);
      case 'phone':
        return i18n._(msg`Contact ${n} phone`);
      case 'work_timings.from':
        return i18n._(msg`Contact ${n} start time`);
      case 'work_timings.to':
        return i18n._(msg`Contact ${n} end time`);
      case 'work_timings':
        return i18n._(msg`Contact ${n} hours`);
      case 'work_days':
        return i18n._(msg`Contact ${n} work days`);
      default: {
        const field = rest.replace(/[._]/g, ' ');
        return i18n._(msg`Contact ${n} ${field}`);
      }
    }
  }
  if (path === 'coordinates.latitude') return i18n._(msg`Latitude`);
  if (path === 'coordinates.longitude') return i18n._(msg`Longitude`);
  const top = path.split('.')[0]!;
  return Object.hasOwn(FIELDS, top) ? fieldLabel(top as PatchField) : path.replace(/[._]/g, ' ');
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

let zoneIdCounter = 0;
const comparableCache = new WeakMap<object, string>();

/**
 * Zones as they would be sent, with positional ids for features without one, as text that
 * compares equal for equal zones. Cached per collection object: zones are values, an edit makes
 * a new collection, so the form compares 20 zones of 500 corners once, not on each keystroke.
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

export function sameZones(a: ZoneCollection | null, b: ZoneCollection | null): boolean {
  return a === b || comparableZones(a) === comparableZones(b);
}

/** Zones ready for the PUT body: normalised as docs/design.md says (6 decimals, CCW exteriors, string ids). */
export function zonesForBody(fc: ZoneCollection): DeliveryZonesInput {
  return normalizeZones(fc, {
    generateId: () => `zone-${Date.now().toString(36)}-${(++zoneIdCounter).toString(36)}`,
  });
}
