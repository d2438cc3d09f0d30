import { z } from './zod';
import { EmptyableString, orDefault } from './common';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** Canonical form written by clients: `hh:mm AM` (docs/design.md, decision 11). */
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

/** Contact as read from the service (lenient: times and days are kept as sent). */
export const Contact = z.looseObject({
  name: EmptyableString,
  phone: EmptyableString,
  work_timings: orDefault(z.looseObject({ from: EmptyableString, to: EmptyableString }), () => ({
    from: '',
    to: '',
  })),
  work_days: orDefault(z.array(z.string()), (): string[] => []),
});
export type Contact = z.infer<typeof Contact>;
