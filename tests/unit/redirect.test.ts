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
    ]) {
      expect(safeRedirect(target, ORIGIN), target).toBe('/jobs');
    }
  });

  it('goes to the jobs when there is no target or it is the sign-in page itself', () => {
    expect(safeRedirect(undefined, ORIGIN)).toBe('/jobs');
    expect(safeRedirect('', ORIGIN)).toBe('/jobs');
    expect(safeRedirect('/sign-in?redirect=/jobs', ORIGIN)).toBe('/jobs');
  });
});
