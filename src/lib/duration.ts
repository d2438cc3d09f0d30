/**
 * A span of time in words, the one wording of durations on every screen: "45 s", "42 min",
 * "3 h 05 min", "1 d 6 h" in English (seconds under a minute, minutes under an hour, hours and
 * minutes under a day, then days and hours). Each unit is counted whole, never rounded up. The
 * numbers are written by `Intl` in the chosen locale's digits; the words come from the active
 * catalog (src/i18n/durations.ts sets them when the app's languages load: "٤٢ دقيقة", "1 j 6 h").
 * Without the catalogs (the reference server and the benches run this under plain Node) they
 * are English's.
 */
import { numberFormat } from './count';

/** The words of durations: counts as numbers (plurals), the rest already written. */
export type DurationWords = {
  seconds: (seconds: number) => string;
  minutes: (minutes: number) => string;
  hoursMinutes: (hours: string, minutes: string) => string;
  daysHours: (days: number, hours: string) => string;
};

const n = (value: number) => numberFormat().format(value);
const twoDigits = (value: number) => numberFormat({ minimumIntegerDigits: 2 }).format(value);

let words: DurationWords = {
  seconds: (s) => `${n(s)} s`,
  minutes: (m) => `${n(m)} min`,
  hoursMinutes: (h, m) => `${h} h ${m} min`,
  daysHours: (d, h) => `${n(d)} d ${h} h`,
};

/** The catalog's words (src/i18n/durations.ts). */
export function setDurationWords(next: DurationWords): void {
  words = next;
}

export function formatDuration(span: number): string {
  const seconds = Math.max(0, Math.round(span));
  if (seconds < 60) return words.seconds(seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return words.hoursMinutes(n(hours), twoDigits(minutes % 60));
  return words.daysHours(Math.floor(hours / 24), n(hours % 24));
}
