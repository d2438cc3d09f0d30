import { clearEarlyGets } from '../api/early';

/**
 * The sign-in token lives in sessionStorage only (docs/design.md, decision 8): never in the
 * URL or localStorage, gone when the tab closes, cleared on sign-out.
 */
const KEY = 'dispatch.token';

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let current: string | null = typeof sessionStorage === 'undefined' ? null : read();

export const tokenStore = {
  get: (): string | null => current,
  set(token: string) {
    current = token;
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      /* storage unavailable: keep it in memory for this page */
    }
  },
  clear() {
    current = null;
    // An early response fetched with this token (src/api/early.ts) is not handed to anyone after.
    clearEarlyGets();
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      /* ignore */
    }
  },
};
