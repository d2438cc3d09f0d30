/**
 * One sign-in per browser (docs/design.md, decision 8): a tab that starts without a token asks
 * the open tabs of this origin for theirs over a BroadcastChannel and adopts the first answer;
 * after `ASK_MS` without one it goes on signed out. Every tab answers with its token while it
 * has one, and an explicit sign-out in one tab signs the others out. The token passes between
 * live tabs only: never through localStorage, and gone when the last tab closes.
 */
import { otherTabs, tokenStore } from './auth';

export const SIGN_IN_CHANNEL = 'dispatch-sign-in';
/** How long a starting tab waits for an open tab's answer. */
export const ASK_MS = 300;

type Message = { type: 'ask' } | { type: 'token'; token: string } | { type: 'signed-out' };

interface TokenHolder {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface Tab {
  /** This tab's token once the open tabs were asked (when it had none): theirs, or null. */
  readonly ready: Promise<string | null>;
  /** Tells the other tabs this one signed out: they drop the token too. */
  announceSignOut(): void;
  /** Calls `listener` when another tab signs out (after the token is dropped here). */
  onSignedOut(listener: () => void): void;
  close(): void;
}

/** Joins the tabs of `channel`, keeping the token in `store`. */
export function joinTabs(store: TokenHolder, channel: BroadcastChannel, askMs = ASK_MS): Tab {
  const listeners = new Set<() => void>();
  const post = (message: Message) => channel.postMessage(message);
  /** While this tab waits for an answer: takes it (a token, or null when none came). */
  let answer: ((token: string | null) => void) | undefined;
  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    const token = store.get();
    if (data.type === 'ask') {
      if (token) post({ type: 'token', token });
    } else if (data.type === 'token') answer?.(data.token);
    else if (token) {
      store.clear();
      listeners.forEach((listener) => listener());
    }
  };
  const own = store.get();
  return {
    ready: own
      ? Promise.resolve(own)
      : new Promise((resolve) => {
          answer = (token) => {
            answer = undefined;
            if (token) store.set(token);
            resolve(token);
          };
          setTimeout(() => answer?.(null), askMs);
          post({ type: 'ask' });
        }),
    announceSignOut: () => post({ type: 'signed-out' }),
    onSignedOut: (listener) => void listeners.add(listener),
    close: () => channel.close(),
  };
}

let thisTab: Tab | null = null;

/**
 * Joins this page to the browser's other tabs (the entry script, once) and connects `otherTabs`;
 * without BroadcastChannel, alone.
 */
export function startTabSignIn(): Promise<string | null> {
  if (typeof BroadcastChannel !== 'function') return Promise.resolve(tokenStore.get());
  if (!thisTab) {
    const tab = joinTabs(tokenStore, new BroadcastChannel(SIGN_IN_CHANNEL));
    otherTabs.announce = tab.announceSignOut;
    tab.onSignedOut(() => otherTabs.signedOut.forEach((listener) => listener()));
    thisTab = tab;
  }
  return thisTab.ready;
}
