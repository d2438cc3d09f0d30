import { clearEarlyGets } from '../api/early';
import { readStored, writeStored } from '../lib/storage';

/**
 * The sign-in token lives in sessionStorage only (docs/design.md, decision 8): never in the
 * URL or localStorage, gone when the tab closes, cleared on sign-out. Without storage it is
 * kept in memory for this page.
 */
const KEY = 'dispatch.token';

let current: string | null = readStored('session', KEY);

export const tokenStore = {
  get: (): string | null => current,
  set(token: string) {
    current = token;
    writeStored('session', KEY, token);
  },
  clear() {
    current = null;
    // An early response fetched with this token (src/api/early.ts) is not handed to anyone after.
    clearEarlyGets();
    writeStored('session', KEY, null);
  },
};
