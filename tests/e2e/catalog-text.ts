/**
 * The dashboard's words in a language, as its catalogs (every `src/**\/locales/{locale}.po`)
 * hold them, for end-to-end tests that find controls by name in that language: `text('Draw
 * zone')` is what the screen says for the English message "Draw zone", plurals and values
 * formatted as the app formats them (the message's id is Lingui's hash of its English).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

const SRC = new URL('../../src/', import.meta.url).pathname;

export type CatalogText = (english: string, values?: Record<string, unknown>) => string;

export async function catalogText(locale: 'en' | 'ar' | 'fr' | 'es'): Promise<CatalogText> {
  const po = formatter();
  const messages: Messages = {};
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.endsWith(`/locales/${locale}.po`),
  );
  for (const path of files) {
    const file = join(SRC, path);
    const catalog = await po.parse(readFileSync(file, 'utf8'), {
      locale,
      sourceLocale: 'en',
      filename: file,
    });
    for (const [id, m] of Object.entries(catalog)) {
      const text = locale === 'en' ? m.translation || m.message : m.translation;
      if (text) messages[id] = compileMessage(text);
    }
  }
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (english, values) => {
    const id = generateMessageId(english);
    if (!(id in messages)) throw new Error(`"${english}" is not a message of the ${locale} catalogs`);
    return i18n._(id, values);
  };
}
