import * as z from 'zod/mini';
import { EmptyableString, orDefault } from './common';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const Weekday = z.enum(WEEKDAYS, {
  error: 'Work days must be lowercase English weekday names',
});
export type Weekday = z.infer<typeof Weekday>;

/** Canonical form written by clients: `hh:mm AM` (DESIGN.md decision 11). */
export const TIME_12H = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
const LENIENT_TIME = /^\s*(\d{1,2})(?::?([0-5]\d))?\s*([ap])\.?\s*m?\.?\s*$/i;

/**
 * Reads a 12-hour time leniently (`9:00am`, `9 pm`, `09:30 PM`) and returns the canonical
 * `hh:mm AM` form, or null when it is not a 12-hour time.
 */
export function normalizeTime12h(input: string): string | null {
  const m = LENIENT_TIME.exec(input);
  if (!m) return null;
  const hour = Number(m[1]);
  if (hour < 1 || hour > 12) return null;
  const minute = m[2] ?? '00';
  const half = m[3]!.toUpperCase() === 'A' ? 'AM' : 'PM';
  return `${String(hour).padStart(2, '0')}:${minute} ${half}`;
}

/** Minutes since midnight of a 12-hour time (canonical or lenient), or null. */
export function minutesOfDay(input: string): number | null {
  const canonical = normalizeTime12h(input);
  if (!canonical) return null;
  const hh = Number(canonical.slice(0, 2)) % 12;
  const mm = Number(canonical.slice(3, 5));
  return (canonical.endsWith('PM') ? hh + 12 : hh) * 60 + mm;
}

export const Time12h = z
  .string({ error: 'Time is required' })
  .check(z.regex(TIME_12H, 'Use the form hh:mm AM or hh:mm PM, for example 09:00 AM'));

export const WorkTimingsInput = z.strictObject({ from: Time12h, to: Time12h });

/** Contact as sent by clients (strict). */
export const ContactInput = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120, 'Name is at most 120 characters')),
  phone: z
    .string({ error: 'Phone is required' })
    .check(
      z.trim(),
      z.regex(/^\+?[0-9][0-9 ()-]{4,30}$/, 'Use digits, spaces, dashes or brackets, optionally starting with +'),
    ),
  work_timings: WorkTimingsInput,
  work_days: z
    .array(Weekday)
    .check(
      z.maxLength(7, 'At most 7 work days'),
      z.refine((days) => new Set(days).size === days.length, 'Work days must not repeat'),
    ),
});
export type ContactInput = z.infer<typeof ContactInput>;

/** Contact as read from the service (lenient: times and days are kept as sent). */
export const Contact = z.looseObject({
  name: EmptyableString,
  phone: EmptyableString,
  work_timings: orDefault(z.looseObject({ from: EmptyableString, to: EmptyableString }), () => ({ from: '', to: '' })),
  work_days: orDefault(z.array(z.string()), (): string[] => []),
});
export type Contact = z.infer<typeof Contact>;
