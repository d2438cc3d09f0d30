import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/app/redirect';

const ORIGIN = 'https://dispatch.example';

describe('the return-to target after sign-in', () => {
  it('follows a page of this origin, with its query and hash', () => {
    expect(safeRedirect('/jobs?status=8&page=2', ORIGIN)).toBe('/jobs?status=8&page=2');
    expect(safeRedirect('/branches/LDN-01#zones', ORIGIN)).toBe('/branches/LDN-01#zones');
    expect(safeRedirect(`${ORIGIN}/branches`, ORIGIN)).toBe('/branches');
  });

  it('never leaves the origin, however the target is spelled', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/jobs',
      'javascript:alert(1)',
      ' //evil.example',
      '/.//evil.example',
      '/x/..//evil.example/jobs',
      '/./\\evil.example',
      `blob:${ORIGIN}//evil.example`,
      `blob:${ORIGIN}/jobs`,
      `view-source:${ORIGIN}/jobs`,
    ]) {
      expect(safeRedirect(target, ORIGIN), target).toBe('/overview');
    }
  });

  it('goes to the jobs when there is no target or it is the sign-in page itself', () => {
    expect(safeRedirect(undefined, ORIGIN)).toBe('/overview');
    expect(safeRedirect('', ORIGIN)).toBe('/overview');
    expect(safeRedirect('/sign-in?redirect=/jobs', ORIGIN)).toBe('/overview');
  });
});

/** Pieces a hostile target is made of: schemes, this origin and others, slashes of both kinds, dot segments. */
const piece = fc.constantFrom(
  ORIGIN,
  'blob:',
  'http:',
  'https:',
  'javascript:',
  'data:',
  'evil.example',
  'https://evil.example',
  '/',
  '//',
  '\\',
  '/./',
  '/../',
  '.',
  '..',
  '%2f',
  '%5c',
  '@',
  ':',
  '?',
  '#',
  ' ',
  '\t',
  '\n',
  'jobs',
  'sign-in',
);

describe('the return-to target, for every input', () => {
  const isPath = (result: string) => {
    // One slash then neither another nor a backslash: a path of whatever origin it is resolved against.
    expect(result).toMatch(/^\/(?![/\\])/);
    expect(new URL(result, 'https://other.example').origin).toBe('https://other.example');
    expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
  };

  it('is a path of this origin for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (target) =>
        isPath(safeRedirect(target, ORIGIN)),
      ),
    );
  });

  it('is a path of this origin for any target made of hostile pieces', () => {
    const scheme = fc.constantFrom('', 'blob:', 'view-source:', 'filesystem:', 'http:', 'https:', 'HTTPS:');
    const authority = fc.constantFrom(
      '',
      ORIGIN,
      '//dispatch.example',
      '//evil.example',
      'https://evil.example',
    );
    fc.assert(
      fc.property(scheme, authority, fc.array(piece, { maxLength: 6 }), (start, host, pieces) =>
        isPath(safeRedirect(`${start}${host}${pieces.join('')}`, ORIGIN)),
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps any path of this origin it is given', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const target = `/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
        const result = safeRedirect(target, ORIGIN);
        isPath(result);
        const resolved = new URL(target, ORIGIN);
        // Kept unless it is the sign-in page, or a path that reads as another origin (`/.//x` is `//x`).
        if (!/^\/sign-in|^\/[/\\]/.test(resolved.pathname)) {
          expect(new URL(result, ORIGIN).href).toBe(resolved.href);
        }
      }),
    );
  });
});
