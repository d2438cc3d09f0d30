/**
 * The message catalogs of the areas outside the app's shell (a feature, job-views, the map):
 * each area keeps its own (`<area>/locales/{locale}.po`, lingui.config.ts) and registers it in
 * its `catalog.ts` with a top-level await, which every module of the area that writes a message
 * imports. English comes in the area's own chunk, so a screen's words load with its code and not
 * in the first load; another language's catalog of the area is loaded when the area's code is
 * (before any of its modules runs) and, for every area loaded so far, when that language is
 * chosen (./choice.ts).
 */
import type { Messages } from '@lingui/core';
import { i18n } from './core';
import type { Locale } from './locale';

type Other = Exclude<Locale, 'en'>;
export type CatalogLoaders = Record<Other, () => Promise<{ messages: Messages }>>;

const registered: CatalogLoaders[] = [];
/** The language the catalogs are loaded for: the active one, or the one being chosen. */
let wanted: Locale = 'en';

async function loadInto(locale: Locale, loaders: readonly CatalogLoaders[]): Promise<void> {
  if (locale === 'en') return;
  const loaded = await Promise.all(loaders.map((load) => load[locale]()));
  for (const { messages } of loaded) i18n.load(locale, messages);
}

/** Adds an area's catalog: English at once, the wanted language's before the promise settles. */
export function registerCatalog(english: Messages, others: CatalogLoaders): Promise<void> {
  i18n.load('en', english);
  registered.push(others);
  return loadInto(wanted, [others]);
}

/** Loads every registered area's catalog of `locale` (./choice.ts, before activating it). */
export function loadAreaCatalogs(locale: Locale): Promise<void> {
  wanted = locale;
  return loadInto(locale, [...registered]);
}
