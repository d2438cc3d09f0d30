import { WEEKDAYS, type Weekday } from '../../../contract';
import { currentLocale } from '../../../i18n';

/** A Monday (5 January 2026, UTC), the week's days counted from it. */
const MONDAY = Date.UTC(2026, 0, 5);

/** A weekday's names in the chosen language, by `Intl`: "Mon" and "Monday" in English. */
export function weekdayNames(day: Weekday): { short: string; long: string } {
  const at = new Date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000);
  const { tag } = currentLocale();
  return {
    short: new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }).format(at),
    long: new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }).format(at),
  };
}

/** A work day's short name, or the text as sent when it is not a weekday. */
export function shortDay(day: string): string {
  return (WEEKDAYS as readonly string[]).includes(day) ? weekdayNames(day as Weekday).short : day;
}
