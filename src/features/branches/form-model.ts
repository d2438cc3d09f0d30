import { z } from '../../contract/zod';
import { formZones } from './form-zones';
import {
  BranchId,
  BranchPatch,
  ContactInput,
  Latitude,
  Longitude,
  WEEKDAYS,
  normalizeTime12h,
  type Branch,
  type DeliveryZones,
  type Weekday,
} from '../../contract';

/**
 * The branch form's values. The shape follows the PUT body (`branch.contacts.0.name` is the
 * form's `contacts.0.name`) so server error paths land on their fields without a table.
 * - times are kept as `hh:mm AM` (the wire form); the time pickers convert on display.
 * - coordinates are text, as typed; `buildPatch` turns them into numbers.
 * - zones are a FeatureCollection as read (lenient); `buildPatch` normalises them.
 */
export type ContactValues = {
  name: string;
  phone: string;
  work_timings: { from: string; to: string };
  work_days: Weekday[];
};

export type ZoneCollection = DeliveryZones;

export { formZones, withFormZones } from './form-zones';

export type BranchFormValues = {
  id: string;
  name: string;
  active: boolean;
  coordinates: { latitude: string; longitude: string };
  formatted_address: string;
  contacts: ContactValues[];
  delivery_zones: ZoneCollection;
};

export const EMPTY_ZONES: ZoneCollection = { type: 'FeatureCollection', features: [] };

export function emptyContact(): ContactValues {
  return { name: '', phone: '', work_timings: { from: '09:00 AM', to: '05:00 PM' }, work_days: [] };
}

// ---------------------------------------------------------------------------------------
// Times: `hh:mm AM` (wire) <-> `HH:MM` (what <input type="time"> reads and writes)
// ---------------------------------------------------------------------------------------

/** `09:30 PM` (or a lenient `9:30pm`) -> `21:30`; '' when it is not a 12-hour time. */
export function to24h(time12: string): string {
  const canonical = normalizeTime12h(time12);
  if (!canonical) return '';
  const hh = Number(canonical.slice(0, 2)) % 12;
  const mm = canonical.slice(3, 5);
  const hour = canonical.endsWith('PM') ? hh + 12 : hh;
  return `${String(hour).padStart(2, '0')}:${mm}`;
}

/** `21:30` (or `21:30:15`) -> `09:30 PM`; '' when the input is empty or not a 24-hour time. */
export function to12h(time24: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(time24.trim());
  if (!m) return '';
  const hour = Number(m[1]);
  const half = hour < 12 ? 'AM' : 'PM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(h12).padStart(2, '0')}:${m[2]} ${half}`;
}

/** Canonical `hh:mm AM` when readable, the text as sent otherwise (so the form can flag it). */
function readTime(value: string): string {
  return normalizeTime12h(value) ?? value;
}

/** Known weekdays, lowercase, once each, Monday first. Unknown names are dropped. */
export function normalizeDays(days: readonly string[]): Weekday[] {
  const set = new Set(days.map((d) => d.trim().toLowerCase()));
  return WEEKDAYS.filter((d) => set.has(d));
}

/** Unknown day names a contact had (shown as a note: they are dropped on save). */
export function unknownDays(days: readonly string[]): string[] {
  const known = new Set<string>(WEEKDAYS);
  return days.filter((d) => !known.has(d.trim().toLowerCase()));
}

// ---------------------------------------------------------------------------------------
// Branch -> form values
// ---------------------------------------------------------------------------------------

function formatDegrees(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

export function contactToValues(c: Branch['contacts'][number]): ContactValues {
  return {
    name: c.name,
    phone: c.phone,
    work_timings: { from: readTime(c.work_timings.from), to: readTime(c.work_timings.to) },
    work_days: normalizeDays(c.work_days),
  };
}

export function toFormValues(branch: Branch): BranchFormValues {
  return {
    id: branch.id,
    name: branch.name,
    active: branch.active,
    coordinates: {
      latitude: formatDegrees(branch.coordinates.latitude),
      longitude: formatDegrees(branch.coordinates.longitude),
    },
    formatted_address: branch.formatted_address,
    contacts: branch.contacts.map(contactToValues),
    delivery_zones: formZones(
      branch.delivery_zones
        ? { ...branch.delivery_zones, features: [...branch.delivery_zones.features] }
        : EMPTY_ZONES,
    ),
  };
}

// ---------------------------------------------------------------------------------------
// Form values -> wire values
// ---------------------------------------------------------------------------------------

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** A typed decimal-degrees value as a number, or null when it is not one. */
export function parseDegrees(text: string): number | null {
  const t = text.trim();
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function contactToInput(c: ContactValues): ContactInput {
  return {
    name: c.name.trim(),
    phone: c.phone.trim(),
    work_timings: { from: readTime(c.work_timings.from.trim()), to: readTime(c.work_timings.to.trim()) },
    work_days: normalizeDays(c.work_days),
  };
}

// ---------------------------------------------------------------------------------------
// The form schema: the contract's strict pieces, with messages that name the field
// ---------------------------------------------------------------------------------------

function degrees(label: 'Latitude' | 'Longitude', range: typeof Latitude) {
  return z.string().check(
    z.superRefine((text, ctx) => {
      const t = text.trim();
      if (t === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return;
      }
      if (/^[-+]?\d+,\d+$/.test(t)) {
        ctx.addIssue({
          code: 'custom',
          message: `Use a dot as the decimal separator, for example ${t.replace(',', '.')}`,
        });
        return;
      }
      const n = parseDegrees(t);
      if (n === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be decimal degrees, for example ${label === 'Latitude' ? '51.5072' : '-0.1276'}`,
        });
        return;
      }
      const r = range.safeParse(n);
      if (!r.success)
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? `${label} is out of range` });
    }),
  );
}

function time(label: 'Start time' | 'End time') {
  return z.string().check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') ctx.addIssue({ code: 'custom', message: `${label} is required` });
      else if (!normalizeTime12h(v))
        ctx.addIssue({ code: 'custom', message: `${label} "${v}" is not a valid time` });
    }),
  );
}

const ContactFormSchema = z.object({
  name: ContactInput.shape.name,
  phone: z.string().check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'Phone is required' });
        return;
      }
      const r = ContactInput.shape.phone.safeParse(v);
      if (!r.success)
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'Phone is not valid' });
    }),
  ),
  work_timings: z.object({ from: time('Start time'), to: time('End time') }),
  work_days: ContactInput.shape.work_days,
});

/**
 * Checks the zones a form holds. The form's own zone checks (geometry) run in the zones
 * section, which knows the geo rules; this hook lets the form block Save on them.
 */
export type ZoneValidator = (zones: ZoneCollection) => { index: number; message: string }[];

export function createFormSchema(validateZones?: ZoneValidator) {
  return z.object({
    id: BranchId,
    name: z.string().check(
      z.superRefine((v, ctx) => {
        const r = BranchPatch.shape.name.safeParse(v);
        if (!r.success)
          ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'Name is not valid' });
      }),
    ),
    active: z.boolean(),
    coordinates: z.object({
      latitude: degrees('Latitude', Latitude),
      longitude: degrees('Longitude', Longitude),
    }),
    formatted_address: z.string().check(z.maxLength(500, 'Address is at most 500 characters')),
    contacts: z.array(ContactFormSchema).check(z.maxLength(50, 'At most 50 contacts')),
    delivery_zones: z.custom<ZoneCollection>().check(
      z.superRefine((zones, ctx) => {
        if (!validateZones) return;
        const problems = validateZones(zones);
        if (problems.length === 0) return;
        const first = problems[0]!;
        ctx.addIssue({
          code: 'custom',
          message:
            problems.length === 1
              ? `Zone ${first.index + 1}: ${first.message}`
              : `${problems.length} zone problems, first: zone ${first.index + 1}: ${first.message}`,
        });
      }),
    ),
  });
}

export type FormIssue = { path: string; message: string };

/** Every problem of the form's values, in field order (for the reason Save is disabled). */
export function formIssues(
  schema: ReturnType<typeof createFormSchema>,
  values: BranchFormValues,
): FormIssue[] {
  const r = schema.safeParse(values);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

const FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  name: 'Name',
  active: 'Active',
  'coordinates.latitude': 'Latitude',
  'coordinates.longitude': 'Longitude',
  coordinates: 'Coordinates',
  formatted_address: 'Address',
  contacts: 'Contacts',
  delivery_zones: 'Delivery zones',
};

const CONTACT_FIELD_LABELS: Record<string, string> = {
  name: 'name',
  phone: 'phone',
  'work_timings.from': 'start time',
  'work_timings.to': 'end time',
  work_timings: 'hours',
  work_days: 'work days',
};

/** "Contact 2 phone", "Latitude", "Delivery zones": a form path said for people. */
export function describePath(path: string): string {
  const m = /^contacts\.(\d+)(?:\.(.+))?$/.exec(path);
  if (m) {
    const n = Number(m[1]) + 1;
    if (!m[2]) return `Contact ${n}`;
    const rest = m[2].replace(/^work_days\.\d+$/, 'work_days');
    return `Contact ${n} ${CONTACT_FIELD_LABELS[rest] ?? rest.replace(/[._]/g, ' ')}`;
  }
  if (path.startsWith('delivery_zones')) return 'Delivery zones';
  return FIELD_LABELS[path] ?? path.replace(/[._]/g, ' ');
}

// ---------------------------------------------------------------------------------------
// Server error paths -> form fields
// ---------------------------------------------------------------------------------------

export type MappedDetail =
  | { kind: 'field'; field: string; message: string }
  | { kind: 'zone'; index: number | null; message: string }
  | { kind: 'other'; path: string; message: string };

const SIMPLE_FIELDS = new Set([
  'id',
  'name',
  'active',
  'formatted_address',
  'coordinates.latitude',
  'coordinates.longitude',
]);
const CONTACT_LEAVES = new Set(['name', 'phone', 'work_timings.from', 'work_timings.to', 'work_days']);

/**
 * Where a server error detail belongs in the form. `branch.contacts.0.name` -> field
 * `contacts.0.name`; zone paths -> the zones section (with the zone's index when given);
 * anything else -> the banner.
 */
export function mapDetailPath(path: string, message: string, contactCount: number): MappedDetail {
  const p = path.replace(/^body\./, '').replace(/^branch\.?/, '');
  if (SIMPLE_FIELDS.has(p)) return { kind: 'field', field: p, message };
  if (p === 'coordinates') return { kind: 'field', field: 'coordinates.latitude', message };
  if (p.startsWith('delivery_zones')) {
    const m = /^delivery_zones\.features\.(\d+)/.exec(p);
    return { kind: 'zone', index: m ? Number(m[1]) : null, message };
  }
  const c = /^contacts\.(\d+)(?:\.(.+))?$/.exec(p);
  if (c) {
    const index = Number(c[1]);
    if (index < contactCount) {
      let leaf = c[2] ?? 'name';
      if (/^work_days\.\d+$/.test(leaf)) leaf = 'work_days';
      if (leaf === 'work_timings') leaf = 'work_timings.from';
      if (CONTACT_LEAVES.has(leaf)) return { kind: 'field', field: `contacts.${index}.${leaf}`, message };
    }
  }
  if (p === 'contacts') return { kind: 'field', field: 'contacts', message };
  return { kind: 'other', path, message };
}
