/**
 * The parsers of /sign-in's and /branches' URLs (src/contract/search-params.ts): what a link or
 * a hand-edited address opens. A param that does not read is dropped, so the page still opens.
 */
import { describe, expect, it } from 'vitest';
import { validateBranchesSearch, validateSignInSearch } from '../../src/contract/search-params';

const query = (text: string) => Object.fromEntries(new URLSearchParams(text));

describe('/sign-in', () => {
  it('reads where to go after signing in and whether the session expired', () => {
    expect(validateSignInSearch(query('redirect=%2Fjobs%3Fpage%3D2&expired=true'))).toEqual({
      redirect: '/jobs?page=2',
      expired: true,
    });
  });

  it('takes the `expired: true` the app navigates with', () => {
    expect(validateSignInSearch({ redirect: '/overview', expired: true })).toEqual({
      redirect: '/overview',
      expired: true,
    });
  });

  it('drops what does not read and keeps the rest', () => {
    expect(validateSignInSearch(query('expired=yes&redirect=%2Fbranches'))).toEqual({
      redirect: '/branches',
      expired: undefined,
    });
    expect(validateSignInSearch({ redirect: 42, expired: false })).toEqual({
      redirect: undefined,
      expired: undefined,
    });
    expect(validateSignInSearch({})).toEqual({ redirect: undefined, expired: undefined });
  });
});

describe('/branches', () => {
  it('reads view=map as the coverage map', () => {
    expect(validateBranchesSearch(query('view=map'))).toEqual({ view: 'map' });
  });

  it('reads any other view, or none, as the list', () => {
    for (const text of ['', 'view=list', 'view=MAP', 'view=', 'other=map']) {
      expect(validateBranchesSearch(query(text)), text).toEqual({ view: undefined });
    }
  });
});
