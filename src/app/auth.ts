import { clearEarlyGets } from '../api/early';
import { readStored, writeStored } from '../lib/storage';

/**
 * The access token lives in sessionStorage only (docs/design.md, decision 8): never in the
 * URL or localStorage, gone when the tab closes, cleared on sign-out. Without storage it is
 * kept in memory for this page. A pasted token and one from the identity provider
 * (src/app/oidc-session.ts) are both kept here.
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

/**
 * This tab's link to the browser's other tabs (src/app/tab-sign-in.ts connects it when the page
 * starts): `announce` after an explicit sign-out here, and `signedOut`, what to do when another
 * tab signs out (the token is dropped here already).
 */
export const otherTabs = {
  announce: (): void => undefined,
  signedOut: new Set<() => void>(),
};

/** A sign-in through the identity provider, when config.json's `auth.type` is `oidc`. */
export type Session = {
  /** One renewal after `refused` (the token a 401 answered); true when a new token is in place. */
  renew(refused: string | null): Promise<boolean>;
  /** To the provider's sign-in page, coming back to `target` (a path of this app). */
  signIn(target: string): Promise<void>;
  /** Ends the session here and at the provider, which sends the browser back to sign-in. */
  signOut(): Promise<void>;
  /** Who is signed in, as the provider names them. */
  readonly person: string | null;
  /** The provider's host, for the sign-in page. */
  readonly provider: string;
  /** Why the last sign-in did not complete, if it did not. */
  readonly problem: string | null;
};
