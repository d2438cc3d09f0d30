import { WEEKDAYS, type Weekday } from '../../../contract';
import { currentLocale } from '../../../i18n';

/** A Monday (5 January 2026, UTC), the week's days counted from it. */
const MONDAY = Date.UTC(2026, 0, 5);

type Names = Record<Weekday, { short: string; long: string }>;
const cache = new Map<string, Names>();

/** The week's names in one language: the formatters run once per language, not per toggle. */
function namesIn(tag: string): Names {
  let names = cache.get(tag);
  if (!names) {
    const short = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
    const entries = WEEKDAYS.map((day, i) => {
      const at = new Date(MONDAY + i * 86_400_000);
      return [day, { short: short.format(at), long: long.format(at) }] as const;
    });
    names = Object.fromEntries(entries) as Names;
    cache.set(tag, names);
  }
  return names;
}

/** A weekday's names in the chosen language, by `Intl`: "Mon" and "Monday" in English. */
export function weekdayNames(day: Weekday): { short: string; long: string } {
  return namesIn(currentLocale().tag)[day];
}

/** A work day's short name, or the text as sent when it is not a weekday. */
export function shortDay(day: string): string {
  return (WEEKDAYS as readonly string[]).includes(day) ? weekdayNames(day as Weekday).short : day;
}
