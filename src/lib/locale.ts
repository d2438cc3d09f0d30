/**
 * The dashboard's languages and the locale every `Intl` formatter reads (the chosen language,
 * its digits, the browser's region). Pure and without a catalog, so the floor every layer
 * stands on: lib's counts (used by geo, which the reference server runs under plain Node) read
 * it; src/i18n/core.ts sets it when a language is chosen.
 */
export const LOCALES = ['en', 'ar', 'fr', 'es'] as const;
/** A language the switcher lists, with a catalog of its own. */
export type Language = (typeof LOCALES)[number];
/**
 * Pseudo-locales for testing, never listed: every message accented, longer and bracketed
 * (`en-XA`), and the same right to left (`ar-XB`), named as Chrome and Android name theirs. A
 * text on screen that is not so is not from the catalogs (tests/e2e/pseudo-locale.e2e.ts).
 * Chosen by the browser's language or the remembered choice only.
 */
export const PSEUDO_LOCALES = ['en-XA', 'ar-XB'] as const;
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];
export type Locale = Language | PseudoLocale;

/** Each language named in itself, as the switcher lists them: the same in every locale. */
/* Autonyms: never translated. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  fr: 'Français',
  es: 'Español',
  'en-XA': 'en-XA',
  'ar-XB': 'ar-XB',
};

/** Digits in Arabic: Latin (0-9, the default, as in the UAE) or Arabic-Indic (٠-٩). */
export type Digits = 'latn' | 'arab';

export function isLocale(value: unknown): value is Locale {
  return (
    typeof value === 'string' &&
    ((LOCALES as readonly string[]).includes(value) || (PSEUDO_LOCALES as readonly string[]).includes(value))
  );
}

export function isPseudoLocale(locale: Locale): locale is PseudoLocale {
  return (PSEUDO_LOCALES as readonly string[]).includes(locale);
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' || locale === 'ar-XB' ? 'rtl' : 'ltr';
}

/**
 * The BCP 47 tag every `Intl` formatter takes: the language with the browser's region for it
 * when it has one (`regional`, e.g. "en-GB", "fr-CA": its dates and separators), and in Arabic
 * the digits chosen (`ar-AE-u-nu-arab`). Other languages write Latin digits whatever the preference.
 */
export function intlTag(locale: Locale, digits: Digits, regional?: string): string {
  let base: string = locale;
  try {
    const parsed = regional ? new Intl.Locale(regional) : null;
    if (parsed?.language === locale) base = parsed.baseName;
  } catch {
    // not a tag: the language alone
  }
  return locale === 'ar' ? `${base}-u-nu-${digits}` : base;
}

let current: { locale: Locale; digits: Digits; tag: string } = { locale: 'en', digits: 'latn', tag: 'en' };

/** The chosen language and digits, and their `Intl` tag. */
export function currentLocale(): Readonly<typeof current> {
  return current;
}

/** The numbering system of the chosen locale, for `Intl.NumberFormat`'s `numberingSystem`. */
export function numberingSystem(): Digits {
  return current.locale === 'ar' ? current.digits : 'latn';
}

/** Sets the locale formatters read (through ./core.ts's `activate`, with its catalog). */
export function setFormattingLocale(locale: Locale, digits: Digits, regional?: string): void {
  current = { locale, digits, tag: intlTag(locale, digits, regional) };
}
