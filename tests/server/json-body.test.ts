import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, inspectJson, mayHoldSurrogates } from '../../server/json-body';

/** The same JSON with every character outside printable ASCII written as an upper-case `\uXXXX` escape. */
const escapeAll = (json: string) =>
  json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

describe('the request body check', () => {
  it('skips string checks only when no string can hold a lone surrogate: the answer is the full walk’s', () => {
    // Strings of any UTF-16 code units, surrogates often (alone or paired), as keys and values.
    const codeUnit = fc
      .oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff }))
      .map((c) => String.fromCharCode(c));
    const value = fc.jsonValue({ maxDepth: 4, stringUnit: codeUnit });
    fc.assert(
      fc.property(value, fc.boolean(), (v, escaped) => {
        const text = escaped ? escapeAll(JSON.stringify(v)) : JSON.stringify(v);
        const parsed: unknown = JSON.parse(text);
        expect(inspectJson(parsed, MAX_JSON_DEPTH, mayHoldSurrogates(text))).toBe(
          inspectJson(parsed, MAX_JSON_DEPTH),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('finds a lone surrogate written in either case, in a key or a value, and not in a pair', () => {
    for (const text of ['{"a":"\\ud800"}', '{"\\uDFFF":1}', '["x",["\\uDa00 b"]]']) {
      expect(mayHoldSurrogates(text)).toBe(true);
      expect(inspectJson(JSON.parse(text), MAX_JSON_DEPTH, mayHoldSurrogates(text))).toBe('lone_surrogate');
    }
    const pair = '{"a":"\\ud83d\\ude9a 🚚"}';
    expect(inspectJson(JSON.parse(pair), MAX_JSON_DEPTH, mayHoldSurrogates(pair))).toBeNull();
  });

  it('measures depth through arrays and objects alike', () => {
    const nest = (depth: number) =>
      JSON.parse(`${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`) as unknown;
    expect(inspectJson(nest(MAX_JSON_DEPTH), MAX_JSON_DEPTH, false)).toBeNull();
    expect(inspectJson(nest(MAX_JSON_DEPTH + 2), MAX_JSON_DEPTH, false)).toBe('too_deep');
  });
});
