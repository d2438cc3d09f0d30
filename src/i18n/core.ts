/**
 * The one Lingui instance, with the chosen language's catalog: English is compiled into the
 * first load and active from the start; the others are loaded when chosen (./choice.ts). Pure
 * (no DOM, no React). It gives lib's durations their words.
 */
import { i18n, type Messages } from '@lingui/core';
import { messages as english } from './locales/en.po';
import { currentLocale, setFormattingLocale, type Digits, type Locale } from './locale';
import { setDurationWords } from '../lib/duration';
import { catalogDurationWords } from './durations';

export * from './locale';

/** Makes `locale` (its catalog given) the one messages and formatters read. */
export function activate(locale: Locale, digits: Digits, messages: Messages, regional?: string): void {
  setFormattingLocale(locale, digits, regional);
  i18n.loadAndActivate({ locale, locales: currentLocale().tag, messages });
}

activate('en', 'latn', english);
setDurationWords(catalogDurationWords(i18n));

export { i18n };
