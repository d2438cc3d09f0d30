import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../src/lib/error-message';
import { readStored, readStoredJson, storedKeys, writeStored, writeStoredJson } from '../../src/lib/storage';

/** A Storage over a Map, as the browser's; `failing` makes every call throw as a refused storage does. */
function memoryStorage(failing = false): Storage {
  const map = new Map<string, string>();
  const guard = () => {
    if (failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    get length() {
      guard();
      return map.size;
    },
    key: (i) => (guard(), [...map.keys()][i] ?? null),
    getItem: (k) => (guard(), map.get(k) ?? null),
    setItem: (k, v) => (guard(), void map.set(k, String(v))),
    removeItem: (k) => (guard(), void map.delete(k)),
    clear: () => (guard(), map.clear()),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('browser storage', () => {
  it('keeps text and JSON per area, removes with null, lists keys by prefix', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(writeStored('local', 'a.one', 'on')).toBe(true);
    expect(writeStoredJson('local', 'a.two', { n: 2 })).toBe(true);
    writeStored('session', 'b.one', 'x');
    expect(readStored('local', 'a.one')).toBe('on');
    expect(readStored('session', 'a.one')).toBeNull();
    expect(readStoredJson('local', 'a.two')).toEqual({ n: 2 });
    expect(storedKeys('local', 'a.').sort()).toEqual(['a.one', 'a.two']);
    writeStored('local', 'a.one', null);
    expect(readStored('local', 'a.one')).toBeNull();
  });

  it('reads text that is not JSON as nothing', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    writeStored('local', 'k', '{not json');
    expect(readStoredJson('local', 'k')).toBeNull();
  });

  it('never throws when storage is missing or refuses', () => {
    vi.stubGlobal('localStorage', memoryStorage(true));
    vi.stubGlobal('sessionStorage', undefined);
    expect(writeStored('local', 'k', 'v')).toBe(false);
    expect(readStored('local', 'k')).toBeNull();
    expect(storedKeys('local', '')).toEqual([]);
    expect(writeStoredJson('session', 'k', 1)).toBe(false);
    expect(readStoredJson('session', 'k')).toBeNull();
  });
});

describe('errorMessage', () => {
  it('reads an Error, an event carrying one, and anything else', () => {
    expect(errorMessage(new TypeError('bad'))).toBe('bad');
    expect(errorMessage({ error: new Error('style failed') })).toBe('style failed');
    expect(errorMessage(42)).toBe('42');
  });
});
