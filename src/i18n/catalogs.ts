/**
 * The message catalogs: the app's shell's (./locales, registered by ./core.ts) and one for each
 * area outside it (a feature, job-views, the map). Each area keeps its own (`<area>/locales/{locale}.po`, lingui.config.ts) and registers it in
 * its `catalog.ts` with a top-level await, which every module of the area that writes a message
 * imports. English comes in the area's own chunk, so a screen's words load with its code and not
 * in the first load; another language's catalog of the area is loaded when the area's code is
 * (before any of its modules runs) and, for every area loaded so far, when that language is
 * chosen (./choice.ts).
 */
import { i18n, type Messages } from '@lingui/core';
import { isPseudoLocale, type Language, type Locale } from './locale';

/** An area's catalog in each translated language, each its own chunk. */
export type CatalogLoaders = Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>>;
type Catalog = { english: Messages; others: CatalogLoaders };

const registered: Catalog[] = [];
/** The language the catalogs are loaded for: the active one, or the one being chosen. */
let wanted: Locale = 'en';

async function loadInto(locale: Locale, catalogs: readonly Catalog[]): Promise<void> {
  if (locale === 'en') return;
  if (isPseudoLocale(locale)) {
    // Made from English when chosen (./pseudo.ts); never in a user's way.
    const { pseudoMessages } = await import('./pseudo');
    for (const { english } of catalogs) i18n.load(locale, pseudoMessages(english, locale));
    return;
  }
  const loaded = await Promise.all(catalogs.map(({ others }) => others[locale]()));
  for (const { messages } of loaded) i18n.load(locale, messages);
}

/** Adds a catalog: English at once, the wanted language's before the promise settles. */
export function registerCatalog(english: Messages, others: CatalogLoaders): Promise<void> {
  i18n.load('en', english);
  const catalog = { english, others };
  registered.push(catalog);
  return loadInto(wanted, [catalog]);
}

/** Loads every registered catalog of `locale` (./choice.ts, before activating it). */
export function loadCatalogs(locale: Locale): Promise<void> {
  wanted = locale;
  return loadInto(locale, [...registered]);
}
