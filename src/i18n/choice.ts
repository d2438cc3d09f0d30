/**
 * The locale chosen in this browser: the remembered choice, else the first of the browser's
 * languages the dashboard speaks, else English. Choosing loads the language's catalogs (the
 * shell's and those of the areas loaded so far, ./catalogs.ts; English is loaded with each),
 * activates it (./core.ts), sets `<html lang dir>` and remembers it (localStorage: a choice,
 * not a secret). Screens re-render through `subscribe`.
 */
import { readStored, writeStored } from '../lib/storage';
import { activate, currentLocale, directionOf, isLocale, LOCALES, type Digits, type Locale } from './core';
import { loadCatalogs } from './catalogs';

const LOCALE_KEY = 'dispatch:locale';
const DIGITS_KEY = 'dispatch:digits';

/** The first of `languages` (BCP 47 tags, the browser's order) the dashboard speaks; English when none. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    if (isLocale(tag)) return tag; // a pseudo-locale, as the browser names it
    const language = tag.split('-')[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return 'en';
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

function rememberedLocale(): Locale {
  const stored = readStored('local', LOCALE_KEY);
  return isLocale(stored) ? stored : browserLocale(browserLanguages());
}

function rememberedDigits(): Digits {
  return readStored('local', DIGITS_KEY) === 'arab' ? 'arab' : 'latn';
}

const listeners = new Set<() => void>();

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let pending = 0;

/**
 * Loads and activates `locale` with `digits`, sets the page's `lang` and `dir`, and, unless
 * `remember` is false, keeps the choice for the next visit. A later call wins over one still
 * loading its catalog.
 */
export async function chooseLocale(locale: Locale, digits: Digits, remember = true): Promise<void> {
  const call = ++pending;
  await loadCatalogs(locale);
  if (call !== pending) return;
  // The browser's own tag for the language (its region: "en-GB" writes dates as the British do).
  const regional = browserLanguages().find((tag) => tag.split('-')[0]?.toLowerCase() === locale);
  activate(locale, digits, regional);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
  if (remember) {
    writeStored('local', LOCALE_KEY, locale);
    writeStored('local', DIGITS_KEY, digits);
  }
  for (const listener of listeners) listener();
}

/** At start-up, before the first screen: the remembered or the browser's locale (not stored until chosen). */
export function startLocale(): Promise<void> {
  return chooseLocale(rememberedLocale(), rememberedDigits(), false);
}

export { currentLocale, LOCALES };
