/**
 * What the dashboard keeps in the browser (localStorage for choices that outlive the tab,
 * sessionStorage for what belongs to the session). Reading and writing never throw: storage can
 * be missing (tests, some embedded browsers), refused (privacy settings) or full; a read then
 * gives null and a write reports false, and the value lasts for this page only.
 */
export type StorageArea = 'local' | 'session';

function areaOf(area: StorageArea): Storage | null {
  try {
    const storage = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** The text stored under `key`, or null when there is none or storage cannot be read. */
export function readStored(area: StorageArea, key: string): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it); false when storage refused it. */
export function writeStored(area: StorageArea, key: string, value: string | null): boolean {
  const storage = areaOf(area);
  if (!storage) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The JSON stored under `key`, parsed; null when missing or not JSON. Check its shape before use. */
export function readStoredJson(area: StorageArea, key: string): unknown {
  const raw = readStored(area, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; false when storage refused it. */
export function writeStoredJson(area: StorageArea, key: string, value: unknown): boolean {
  return writeStored(area, key, JSON.stringify(value));
}

/** The keys of `area` that start with `prefix` (to remove a family of entries). */
export function storedKeys(area: StorageArea, prefix: string): string[] {
  const storage = areaOf(area);
  if (!storage) return [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && key.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}
