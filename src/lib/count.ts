/**
 * Counts in words, the one helper every screen uses: "1 job", "1,234 jobs", "2 stops are".
 * The wording is English for now, so the numbers are written as English writes them and the
 * plural form is English's (`Intl.PluralRules`); a message catalog will replace this when the
 * dashboard speaks other languages. Formatters are built on first use, not when the module is
 * evaluated (the first use of Intl in a page opens ICU's data, which takes a while).
 */
const LOCALE = 'en';

let numbers: Intl.NumberFormat | undefined;
let plurals: Intl.PluralRules | undefined;

/** A count as written in the dashboard's language: "1,234". */
export function formatCount(n: number): string {
  return (numbers ??= new Intl.NumberFormat(LOCALE)).format(n);
}

/** The form of a word that goes with `n`: `pluralForm(1, 'job', 'jobs')` is "job". */
export function pluralForm(n: number, one: string, other: string): string {
  return (plurals ??= new Intl.PluralRules(LOCALE)).select(n) === 'one' ? one : other;
}

/** A count and its noun: "1 job", "1,234 jobs", "0 jobs". */
export function countOf(n: number, one: string, other: string): string {
  return `${formatCount(n)} ${pluralForm(n, one, other)}`;
}
