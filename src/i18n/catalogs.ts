/**
 * The message catalogs: the app's shell's (./locales) and one for each area outside it (a
 * feature, job-views, the map: AREAS in lingui.config.ts), `<folder>/locales/{locale}.po`.
 *
 * - English, the source, is not loaded from them: each message's English is compiled into the
 *   code that writes it (scripts/babel-compile-english.ts), so a screen's words come with the
 *   chunk that shows them.
 * - Another language is loaded whole when chosen, every catalog of it at once (each its own
 *   chunk), before it is activated; a screen loaded afterwards finds its words there.
 * - The pseudo-locales are made from the English catalogs (./pseudo.ts), loaded when one is chosen.
 */
import { i18n, type Messages } from '@lingui/core';
import { isPseudoLocale, type Locale } from '../lib/locale';

/** Every catalog of every language, by path (`/src/…/locales/ar.po`): each its own chunk. */
const CATALOGS = import.meta.glob<{ messages: Messages }>('/src/**/locales/{en,ar,fr,es}.po');

const ofLanguage = (language: string) =>
  Object.entries(CATALOGS)
    .filter(([path]) => path.endsWith(`/${language}.po`))
    .map(([, load]) => load());

/** Loads every catalog of `locale` (./choice.ts, before activating it). */
export async function loadCatalogs(locale: Locale): Promise<void> {
  if (locale === 'en') return i18n.load('en', {});
  if (isPseudoLocale(locale)) {
    const [{ pseudoMessages }, ...english] = await Promise.all([import('./pseudo'), ...ofLanguage('en')]);
    for (const { messages } of english) i18n.load(locale, pseudoMessages(messages, locale));
    return;
  }
  for (const { messages } of await Promise.all(ofLanguage(locale))) i18n.load(locale, messages);
}
