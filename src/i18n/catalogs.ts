/**
 * The message catalogs: the app's shell's (./locales) and one for each area outside it (a
 * feature, job-views, the map: AREAS in lingui.config.ts), `<folder>/locales/{locale}.po`.
 *
 * - English, the source, comes with the code that writes it: each area's `catalog.ts` registers
 *   its English when the area's code loads, and every module of the area that writes a message
 *   imports that module; so a screen's words stay out of the first load when the screen does.
 * - Another language is loaded whole when chosen, every area's catalog of it at once (each its
 *   own chunk), before the language is activated: an area loaded afterwards finds its words
 *   there. (Loading an area's catalog with its code would need a top-level await in each area,
 *   which splits the bundle into many small chunks: Rolldown's over-splitting with top-level await.)
 * - The pseudo-locales are made from the English catalogs (./pseudo.ts): those registered when
 *   one is chosen, and each registered afterwards as it registers.
 */
import { i18n, type Messages } from '@lingui/core';
import { isPseudoLocale, type Locale } from './locale';
import type * as Pseudo from './pseudo';

/** Every catalog of every language but English, by path (`/src/…/locales/ar.po`): each its own chunk. */
const TRANSLATIONS = import.meta.glob<{ messages: Messages }>('/src/**/locales/{ar,fr,es}.po');

const english: Messages[] = [];
/** The language the catalogs are loaded for: the active one, or the one being chosen. */
let wanted: Locale = 'en';
let pseudo: typeof Pseudo | null = null;

/** Adds a catalog's English (an area's `catalog.ts`, or the shell's ./core.ts) as its code loads. */
export function registerCatalog(messages: Messages): void {
  english.push(messages);
  i18n.load('en', messages);
  if (pseudo && isPseudoLocale(wanted)) i18n.load(wanted, pseudo.pseudoMessages(messages, wanted));
}

/** Loads every catalog of `locale` (./choice.ts, before activating it). */
export async function loadCatalogs(locale: Locale): Promise<void> {
  wanted = locale;
  if (locale === 'en') return;
  if (isPseudoLocale(locale)) {
    pseudo ??= await import('./pseudo');
    for (const messages of english) i18n.load(locale, pseudo.pseudoMessages(messages, locale));
    return;
  }
  const loaders = Object.entries(TRANSLATIONS).filter(([path]) => path.endsWith(`/${locale}.po`));
  const loaded = await Promise.all(loaders.map(([, load]) => load()));
  for (const { messages } of loaded) i18n.load(locale, messages);
}
