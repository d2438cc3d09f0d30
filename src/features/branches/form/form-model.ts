import { msg, plural } from '@lingui/core/macro';
import { z } from '../../../contract/zod';
import { currentLocale, i18n } from '../../../i18n';
import { inputMessage, inputMessageOf } from './input-messages';
import { formZones } from './form-zones';
import { isLatitude, isLongitude } from '../../../geo';
import { latinDigits } from '../../../lib/digits';
import { numberFormat } from '../../../lib/count';
import {
  BranchId,
  BranchPatch,
  ContactInput,
  Latitude,
  Longitude,
  WEEKDAYS,
  minutesOfDay,
  normalizeTime12h,
  type Branch,
  type ZoneCollection,
} from '../../../contract';

/**
 * The branch form's values. The shape follows the PUT body (`branch.contacts.0.name` is the
 * form's `contacts.0.name`) so server error paths land on their fields without a table.
 * - times are kept as `hh:mm AM` (the wire form); the time pickers convert on display.
 * - coordinates are text, as typed; the body (fields.ts) turns them into numbers.
 * - zones are a FeatureCollection as read (lenient); the body normalises them.
 */
export type ContactValues = {
  /**
   * Pairs a contact with itself through the manager's edits (reorder, rename, removal) for the
   * review; never sent. A contact read from the service is keyed by its position there
   * (`at-0`, ...), the service having no contact ids; an added one gets a key of its own.
   */
  clientKey: string;
  name: string;
  phone: string;
  work_timings: { from: string; to: string };
  /**
   * Weekday names in week order, then any other names the service holds, as sent: those are
   * shown and kept, and the form schema refuses to send them (the contract takes weekday names
   * only), so a save never drops them unseen.
   */
  work_days: string[];
};

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

const EMPTY_ZONES: ZoneCollection = { type: 'FeatureCollection', features: [] };

let contactKeys = 0;

export function emptyContact(): ContactValues {
  return {
    clientKey: `new-${Date.now().toString(36)}-${(++contactKeys).toString(36)}`,
    name: '',
    phone: '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- times in the wire form, shown by the time pickers
    work_timings: { from: '09:00 AM', to: '05:00 PM' },
    work_days: [],
  };
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

/** A contact whose hours end before they start (overnight), or at the time they start. */
export type UnusualHours = {
  index: number;
  name: string;
  from: string;
  to: string;
  kind: 'overnight' | 'same';
};

/** The contacts whose hours need a second look before they are saved. */
export function unusualHours(contacts: readonly ContactValues[]): UnusualHours[] {
  return contacts.flatMap((c, index) => {
    const from = minutesOfDay(c.work_timings.from);
    const to = minutesOfDay(c.work_timings.to);
    if (from === null || to === null || to > from) return [];
    const kind = to < from ? ('overnight' as const) : ('same' as const);
    return [{ index, name: c.name.trim(), from: c.work_timings.from, to: c.work_timings.to, kind }];
  });
}

/** Canonical `hh:mm AM` when readable, the text as sent otherwise (so the form can flag it). */
function readTime(value: string): string {
  return normalizeTime12h(value) ?? value;
}

const KNOWN_DAYS = new Set<string>(WEEKDAYS);
const isWeekday = (day: string) => KNOWN_DAYS.has(day.trim().toLowerCase());

/**
 * Work days as the form holds them: weekdays lowercase, once each, Monday first; then the
 * names that are not English weekdays, trimmed, once each, as sent (see `ContactValues`).
 */
export function readDays(days: readonly string[]): string[] {
  const lower = new Set(days.map((d) => d.trim().toLowerCase()));
  const others = new Set(days.filter((d) => !isWeekday(d)).map((d) => d.trim()));
  return [...WEEKDAYS.filter((d) => lower.has(d)), ...others];
}

/** The names among `days` that are not English weekdays (shown beside the day toggles). */
export function unknownDays(days: readonly string[]): string[] {
  return days.filter((d) => !isWeekday(d));
}

// ---------------------------------------------------------------------------------------
// Branch -> form values
// ---------------------------------------------------------------------------------------

function formatDegrees(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

function contactToValues(c: Branch['contacts'][number], clientKey: string): ContactValues {
  return {
    clientKey,
    name: c.name,
    phone: c.phone,
    work_timings: { from: readTime(c.work_timings.from), to: readTime(c.work_timings.to) },
    work_days: readDays(c.work_days),
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
    contacts: branch.contacts.map((c, i) => contactToValues(c, `at-${i}`)),
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

const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * A typed decimal-degrees value as a number, or null when it is not one. A decimal comma is
 * read as a point ("72,88" is 72.88), as many keyboards and locales write it; Arabic-Indic
 * digits ("٥١٫٥") and the minus sign of the hints ("−0.12") as the Latin ones.
 */
export function parseDegrees(text: string): number | null {
  const t = latinDigits(text.trim());
  if (!DECIMAL.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * The branch location the location fields hold, as `[lon, lat]`, or null when they do not hold
 * degrees in range. The zone map's pin and the zone warnings of the review both read it.
 */
export function pinOf(coordinates: BranchFormValues['coordinates'] | undefined): [number, number] | null {
  const lat = parseDegrees(coordinates?.latitude ?? '');
  const lon = parseDegrees(coordinates?.longitude ?? '');
  return isLatitude(lat) && isLongitude(lon) ? [lon, lat] : null;
}

/**
 * "51.5072, -0.1276" (latitude first, as maps copy a position) as its two numbers' text, or
 * null when it is not two numbers of degrees. Commas
 * separate the two when the text has decimal points; without any, a comma between digits is a
 * decimal comma and the two are separated by a semicolon or spaces ("51,5072; -0,1276").
 */
export function parseCoordinatePair(text: string): [string, string] | null {
  const t = text.trim();
  const parts = (t.includes('.') ? t.split(/\s*[,;]\s*|\s+/) : t.split(/\s*;\s*|\s+/)).map((p) =>
    p.replace(/,$/, ''),
  );
  const [a, b] = parts;
  return parts.length === 2 && parseDegrees(a!) !== null && parseDegrees(b!) !== null ? [a!, b!] : null;
}

/** A contact as the PUT body carries it: everything but its client key, times canonical. */
export type ContactBody = Omit<ContactInput, 'work_days'> & { work_days: string[] };

export function contactToInput(c: ContactValues): ContactBody {
  return {
    name: c.name.trim(),
    phone: c.phone.trim(),
    work_timings: { from: readTime(c.work_timings.from.trim()), to: readTime(c.work_timings.to.trim()) },
    work_days: readDays(c.work_days),
  };
}

// ---------------------------------------------------------------------------------------
// The form schema: the contract's strict pieces, with messages that name the field
// ---------------------------------------------------------------------------------------

type DegreesField = 'latitude' | 'longitude';

function degrees(field: DegreesField, range: typeof Latitude) {
  return z.string().check(
    z.superRefine((text, ctx) => {
      const t = text.trim();
      if (t === '') {
        ctx.addIssue({
          code: 'custom',
          message:
            field === 'latitude' ? i18n._(msg`Latitude is required`) : i18n._(msg`Longitude is required`),
        });
        return;
      }
      const n = parseDegrees(t);
      if (n === null) {
        // London's position, in the chosen digits and decimal separator (both are read).
        const example = numberFormat({ maximumFractionDigits: 4, useGrouping: false }).format(
          field === 'latitude' ? 51.5072 : -0.1276,
        );
        ctx.addIssue({
          code: 'custom',
          message:
            field === 'latitude'
              ? i18n._(msg`Latitude must be decimal degrees, for example ${example}`)
              : i18n._(msg`Longitude must be decimal degrees, for example ${example}`),
        });
        return;
      }
      const r = range.safeParse(n);
      if (!r.success) ctx.addIssue({ code: 'custom', message: inputMessage(r.error.issues[0]!.message) });
    }),
  );
}

function time(field: 'from' | 'to') {
  return z.string().check(
    z.superRefine((v, ctx) => {
      const time = v;
      if (v.trim() === '')
        ctx.addIssue({
          code: 'custom',
          message: field === 'from' ? i18n._(msg`Start time is required`) : i18n._(msg`End time is required`),
        });
      else if (!normalizeTime12h(v))
        ctx.addIssue({
          code: 'custom',
          message:
            field === 'from'
              ? i18n._(msg`Start time "${time}" is not a valid time`)
              : i18n._(msg`End time "${time}" is not a valid time`),
        });
    }),
  );
}

/** A string field checked by the contract's own check, its message in the chosen language. */
function contractChecked(check: z.ZodMiniType) {
  return z.string().check(
    z.superRefine((v, ctx) => {
      const r = check.safeParse(v);
      if (!r.success) ctx.addIssue({ code: 'custom', message: inputMessage(r.error.issues[0]!.message) });
    }),
  );
}

const ContactFormSchema = z.object({
  name: contractChecked(ContactInput.shape.name),
  phone: z.string().check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: inputMessageOf('phoneRequired') });
        return;
      }
      const r = ContactInput.shape.phone.safeParse(v);
      if (!r.success) ctx.addIssue({ code: 'custom', message: inputMessage(r.error.issues[0]!.message) });
    }),
  ),
  work_timings: z.object({ from: time('from'), to: time('to') }),
  work_days: z.array(z.string()).check(
    z.superRefine((days, ctx) => {
      const unknown = unknownDays(days);
      if (unknown.length === 0) return;
      const names = new Intl.ListFormat(currentLocale().tag, { type: 'unit' }).format(
        unknown.map((d) => `“${d}”`),
      );
      ctx.addIssue({
        code: 'custom',
        message: i18n._(msg`Remove ${names} to save: work days must be English weekday names`),
      });
    }),
  ),
});

/**
 * Checks the zones a form holds. The form's own zone checks (geometry) run in the zones
 * section, which knows the geo rules; this hook lets the form block Save on them.
 */
export type ZoneValidator = (zones: ZoneCollection) => { index: number; message: string }[];

export function createFormSchema(validateZones?: ZoneValidator) {
  return z.object({
    id: BranchId,
    name: contractChecked(BranchPatch.shape.name),
    active: z.boolean(),
    coordinates: z.object({
      latitude: degrees('latitude', Latitude),
      longitude: degrees('longitude', Longitude),
    }),
    formatted_address: z.string().check(z.maxLength(500, { error: () => inputMessageOf('addressTooLong') })),
    contacts: z
      .array(ContactFormSchema)
      .check(z.maxLength(50, { error: () => inputMessageOf('tooManyContacts') })),
    delivery_zones: z.custom<ZoneCollection>().check(
      z.superRefine((zones, ctx) => {
        if (!validateZones) return;
        const problems = validateZones(zones);
        if (problems.length === 0) return;
        const first = problems[0]!;
        const zone = first.index + 1;
        const problem = first.message;
        const count = problems.length;
        ctx.addIssue({
          code: 'custom',
          message:
            count === 1
              ? i18n._(msg`Zone ${zone}: ${problem}`)
              : i18n._(
                  msg`${plural(count, { one: '# zone problem', other: '# zone problems' })}, first: zone ${zone}: ${problem}`,
                ),
        });
      }),
    ),
  });
}

export type FormSchema = ReturnType<typeof createFormSchema>;

export type FormIssue = { path: string; message: string };

/**
 * The problems of the given top-level fields (all by default), in field order: each field is
 * checked on its own, so the fields a manager did not change are not parsed again.
 */
export function formIssues(
  schema: FormSchema,
  values: BranchFormValues,
  fields = Object.keys(schema.shape) as (keyof BranchFormValues)[],
): FormIssue[] {
  return fields.flatMap((field) => {
    const r = schema.shape[field].safeParse(values[field]);
    if (r.success) return [];
    return r.error.issues.map((i) => ({
      path: [field, ...i.path].map(String).join('.'),
      message: i.message,
    }));
  });
}
