import { useSyncExternalStore } from 'react';
import { clearEarlyGets } from '../api/early';
import { TOKEN_KEY as KEY } from './token-key';

/**
 * The sign-in token lives in sessionStorage only (DESIGN.md decision 8): never in the URL
 * or localStorage, gone when the tab closes, cleared on sign-out.
 */
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let current: string | null = typeof sessionStorage === 'undefined' ? null : read();

function emit() {
  for (const l of listeners) l();
}

export const tokenStore = {
  get: (): string | null => current,
  set(token: string) {
    current = token;
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      /* storage unavailable: keep it in memory for this page */
    }
    emit();
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
    emit();
  },
  /** Re-reads storage (tests, or another part of the page changed it). */
  reload() {
    current = read();
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
}
