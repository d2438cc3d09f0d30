/**
 * The one Lingui instance, with the shell's catalog: its English is compiled into the first
 * load and active from the start; the other languages' are loaded when chosen, with the areas'
 * (./catalogs.ts, ./choice.ts). Pure (no DOM, no React). It gives lib's durations their words.
 */
import { i18n } from '@lingui/core';
import { messages as english } from './locales/en.po';
import { currentLocale, setFormattingLocale, type Digits, type Locale } from './locale';
import { registerCatalog } from './catalogs';
import { setDurationWords } from '../lib/duration';
import { catalogDurationWords } from './durations';

export * from './locale';

/** Makes `locale` (its catalogs loaded) the one messages and formatters read. */
export function activate(locale: Locale, digits: Digits, regional?: string): void {
  setFormattingLocale(locale, digits, regional);
  i18n.activate(locale, currentLocale().tag);
}

registerCatalog(english);
activate('en', 'latn');
setDurationWords(catalogDurationWords(i18n));

export { i18n };
