/**
 * Numbers and counts in words. Numbers are written by `Intl` in the chosen locale and digits
 * (src/i18n/locale.ts): "1,234" in English, "1 234" in French, "١٬٢٣٤" in Arabic with
 * Arabic-Indic digits. `countOf` and `pluralForm` word a count in English (their nouns are
 * English, so the plural form is English's): screens converted to the catalogs write counts as
 * ICU plural messages instead (`plural` of Lingui, Arabic's six forms included). Formatters
 * are built on first use per locale, not when the module is evaluated (the first use of Intl
 * in a page opens ICU's data, which takes a while).
 */
import { currentLocale, numberingSystem } from './locale';

const numbers = new Map<string, Intl.NumberFormat>();
let plurals: Intl.PluralRules | undefined;

/** An `Intl.NumberFormat` of the chosen locale and digits, with `options`, kept per locale. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${currentLocale().tag}|${JSON.stringify(options)}`;
  let format = numbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(currentLocale().tag, { ...options, numberingSystem: numberingSystem() });
    numbers.set(key, format);
  }
  return format;
}

/** A count as written in the chosen locale: "1,234". */
export function formatCount(n: number): string {
  return numberFormat().format(n);
}

/** The English form of a word that goes with `n`: `pluralForm(1, 'job', 'jobs')` is "job". */
export function pluralForm(n: number, one: string, other: string): string {
  return (plurals ??= new Intl.PluralRules('en')).select(n) === 'one' ? one : other;
}

/** A count and its English noun: "1 job", "1,234 jobs", "0 jobs". */
export function countOf(n: number, one: string, other: string): string {
  return `${formatCount(n)} ${pluralForm(n, one, other)}`;
}
