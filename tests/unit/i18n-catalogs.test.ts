/**
 * The catalogs (src/i18n/locales and each area's, src/i18n/catalogs.ts): every message of the
 * source (English) in every language, translated, with the same ICU arguments and tags; Arabic's
 * plurals with its six forms; one translation of a message across the areas.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import { LOCALES } from '../../src/i18n/core';

const po = formatter();

const SRC = new URL('../../src/', import.meta.url).pathname;
const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' });
/** The folders holding a catalog, relative to src: `i18n`, `features/jobs`, … */
const CATALOG_DIRS = sources
  .filter((path) => path.endsWith('/locales/en.po'))
  .map((path) => dirname(dirname(path)))
  .sort();

async function catalog(dir: string, locale: string): Promise<Map<string, string>> {
  const file = join(SRC, dir, 'locales', `${locale}.po`);
  const messages = await po.parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: file,
  });
  return new Map(
    Object.entries(messages).map(([id, m]) => [
      id,
      (locale === 'en' ? m.translation || m.message : m.translation) ?? '',
    ]),
  );
}

/** The arguments of a message, with their kind ("count:plural", "name"), and its numbered tags ("<0>"). */
function signature(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(token.arg);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) visit(c.tokens);
      } else if (token.type === 'content') {
        for (const tag of token.value.match(/<\/?\d+\/?>/g) ?? []) found.add(tag);
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}

/** The plural forms each plural argument offers: `{ count: ['one', 'other'] }`. */
function pluralForms(message: string): Record<string, string[]> {
  const forms: Record<string, string[]> = {};
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'plural') forms[token.arg] = token.cases.map((c) => c.key).sort();
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal')
        for (const c of token.cases) visit(c.tokens);
    }
  };
  visit(parse(message));
  return forms;
}

describe.each(CATALOG_DIRS)('the catalog of src/%s', async (dir) => {
  const english = await catalog(dir, 'en');

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every message, translated, with the same arguments and tags`, async () => {
      const other = await catalog(dir, locale);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [id, source] of english) {
        const translation = other.get(id)!;
        expect(translation, `${locale} ${id} "${source}"`).not.toBe('');
        expect(signature(translation), `${locale}: "${translation}" for "${source}"`).toEqual(
          signature(source),
        );
      }
    });
  }

  it("ar: each plural in Arabic's six forms", async () => {
    const arabic = await catalog(dir, 'ar');
    for (const [id, source] of english) {
      for (const [arg, forms] of Object.entries(pluralForms(arabic.get(id)!))) {
        expect(forms, `ar ${arg} in "${source}"`).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
      }
    }
  });
});

describe('the areas', () => {
  it('are the shell and at least the three features', () => {
    expect(CATALOG_DIRS).toEqual(
      expect.arrayContaining(['i18n', 'features/jobs', 'features/control-room', 'features/branches']),
    );
  });

  // A language's catalogs are loaded into one set (src/i18n/catalogs.ts): one English message
  // (with its context) in two areas is one message, whose translation would be the last loaded.
  // A different meaning takes a context (`msg({ message: 'Open', context: 'jobs counted' })`).
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s: one translation for each English message (and context) across the areas',
    async (locale) => {
      const seen = new Map<string, { dir: string; translation: string }>();
      const differing: string[] = [];
      for (const dir of CATALOG_DIRS) {
        const english = await catalog(dir, 'en');
        for (const [id, translation] of await catalog(dir, locale)) {
          const first = seen.get(id);
          if (!first) seen.set(id, { dir, translation });
          else if (first.translation !== translation) {
            differing.push(
              `"${english.get(id)}": ${first.dir} "${first.translation}", ${dir} "${translation}"`,
            );
          }
        }
      }
      expect(differing).toEqual([]);
    },
  );
});
