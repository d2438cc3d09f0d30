/**
 * The words of durations (src/lib/duration.ts) from the catalogs. A count of one unit is a
 * plural message: Arabic words it in six forms ("دقيقتان", "٣ دقائق"); `#` is written in the
 * chosen digits.
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { DurationWords } from '../lib/duration';

export function catalogDurationWords(i18n: I18n): DurationWords {
  return {
    seconds: (seconds) => i18n._(msg`${plural(seconds, { other: '# s' })}`),
    minutes: (minutes) => i18n._(msg`${plural(minutes, { other: '# min' })}`),
    hoursMinutes: (hours, rest) => i18n._(msg`${hours} h ${rest} min`),
    daysHours: (days, hours) => i18n._(msg`${plural(days, { other: '# d' })} ${hours} h`),
  };
}
