/**
 * The one Lingui instance: English, compiled into the code that writes each message, active from
 * the start; another language's catalogs loaded when chosen (./catalogs.ts, ./choice.ts). Pure
 * (no DOM, no React). It gives lib's durations their words.
 */
import { i18n } from '@lingui/core';
import { currentLocale, setFormattingLocale, type Digits, type Locale } from '../lib/locale';
import { setDurationWords } from '../lib/duration';
import { catalogDurationWords } from './durations';

export * from '../lib/locale';

/** Makes `locale` (its catalogs loaded) the one messages and formatters read. */
export function activate(locale: Locale, digits: Digits, regional?: string): void {
  setFormattingLocale(locale, digits, regional);
  i18n.activate(locale, currentLocale().tag);
}

i18n.load('en', {});
activate('en', 'latn');
setDurationWords(catalogDurationWords(i18n));

export { i18n };
