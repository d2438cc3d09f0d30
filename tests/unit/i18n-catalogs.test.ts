/**
 * The catalogs (src/i18n/locales): every message of the source (English) in every language,
 * translated, with the same ICU arguments and tags; Arabic's plurals with its six forms.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import { LOCALES } from '../../src/i18n/core';

const po = formatter();

async function catalog(locale: string): Promise<Map<string, string>> {
  const file = new URL(`../../src/i18n/locales/${locale}.po`, import.meta.url);
  const messages = await po.parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: file.pathname,
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

describe('the catalogs', async () => {
  const english = await catalog('en');

  it('hold messages', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every message, translated, with the same arguments and tags`, async () => {
      const other = await catalog(locale);
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
    const arabic = await catalog('ar');
    for (const [id, source] of english) {
      for (const [arg, forms] of Object.entries(pluralForms(arabic.get(id)!))) {
        expect(forms, `ar ${arg} in "${source}"`).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
      }
    }
  });
});
