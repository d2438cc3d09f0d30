/**
 * Times as text, in the chosen locale and digits (src/i18n), in the viewer's zone or a named IANA zone. Pure (no React): the export and
 * the tests use them too. Formatters are built on first use, not when the module is evaluated
 * (the first use of Intl in a page opens ICU's data, which takes a while), and kept per zone.
 */
import { msg } from '@lingui/core/macro';
import { formatDuration } from '../lib/duration';
import { currentLocale, i18n } from '../i18n';

/** A value built on first use. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The viewer's IANA time zone, e.g. "Europe/London". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const validZones = new Map<string, boolean>();

/** The zone when the platform knows it (a branch's `time_zone` has no documented format), else null. */
export function knownTimeZone(zone: string | null | undefined): string | null {
  const name = zone?.trim();
  if (!name) return null;
  let valid = validZones.get(name);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone: name });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(name, valid);
  }
  return valid ? name : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter in the chosen locale and digits, in `zone` (the viewer's when undefined), built on first use. */
function formatter(options: Intl.DateTimeFormatOptions, zone: string | undefined): Intl.DateTimeFormat {
  const { tag } = currentLocale();
  const key = `${tag}|${zone ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, zone ? { ...options, timeZone: zone } : options);
    formatters.set(key, f);
  }
  return f;
}

const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit' } as const;
const SHORT = { month: 'short', day: '2-digit', ...HOUR_MINUTE } as const;
const FULL = { year: 'numeric', ...SHORT, second: '2-digit', timeZoneName: 'short' } as const;
const date = (epochSeconds: number) => new Date(epochSeconds * 1000);

/** Exact time with the zone named ("21 Nov 2026, 09:14:05 GMT"); in the viewer's zone unless `zone` is given. */
export function formatDateTime(epochSeconds: number, zone?: string): string {
  return formatter(FULL, zone).format(date(epochSeconds));
}

/** Compact date and time ("21 Nov, 09:14"), without the zone: name it beside (`zoneName`). */
export function formatShort(epochSeconds: number, zone?: string): string {
  return formatter(SHORT, zone).format(date(epochSeconds));
}

/** The time of day ("09:14"), in the viewer's zone unless `zone` is given: "as of 09:14". */
export function formatClock(epochSeconds: number, zone?: string): string {
  return formatter(HOUR_MINUTE, zone).format(date(epochSeconds));
}

/** The zone's short name at that moment ("GMT", "CET", "GMT+4"). */
export function zoneName(epochSeconds: number, zone?: string): string {
  const parts = formatter({ timeZoneName: 'short' }, zone).formatToParts(date(epochSeconds));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone ?? viewerTimeZone();
}

const SHORT_NAMED = { ...SHORT, timeZoneName: 'short' } as const;
const TIME_NAMED = { ...HOUR_MINUTE, timeZoneName: 'short' } as const;
const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/**
 * A slot window with its zone named once and shared parts written once, as the locale writes
 * a range ("Nov 25, 8:15 – 9:15 PM GMT", "Nov 25, 11:00 PM GMT – Nov 26, 1:00 AM GMT"). Given
 * `today` (epoch seconds, now), a window within that day in the zone leaves the date out
 * ("8:15 – 9:15 PM GMT").
 */
export function formatWindow(from: number | null, to: number | null, zone?: string, today?: number): string {
  if (from === null && to === null) return '—';
  const ends = [from, to].filter((t): t is number => t !== null);
  const day = formatter(DAY, zone);
  const isToday = today !== undefined && ends.every((t) => day.format(date(t)) === day.format(date(today)));
  const f = formatter(isToday ? TIME_NAMED : SHORT_NAMED, zone);
  if (from === null) {
    const end = f.format(date(to!));
    return i18n._(msg`until ${end}`);
  }
  if (to === null) {
    const start = f.format(date(from));
    return i18n._(msg`from ${start}`);
  }
  return f.formatRange(date(from), date(Math.max(from, to)));
}

export { epochToZoned, zonedToEpoch } from '../lib/zoned-time';

/**
 * "42 min ago", "in 3 h 05 min", "now" (within 45 s) relative to now (both epoch seconds), in
 * the one wording of durations (formatDuration), so a span reads the same on every screen.
 */
export function formatRelative(epochSeconds: number, nowSeconds = Date.now() / 1000): string {
  const diff = epochSeconds - nowSeconds;
  if (Math.abs(diff) < 45) return i18n._(msg`now`);
  const span = formatDuration(Math.abs(diff));
  return diff < 0 ? i18n._(msg`${span} ago`) : i18n._(msg`in ${span}`);
}

export { formatDuration };
