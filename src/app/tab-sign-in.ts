/**
 * One sign-in per browser (docs/design.md, decision 8): a tab that starts without a token asks
 * the open tabs of this origin for theirs over a BroadcastChannel and adopts the first answer;
 * after `ASK_MS` without one it goes on signed out. Every tab answers with its token while it
 * has one, and an explicit sign-out in one tab signs the others out. The token passes between
 * live tabs only: never through localStorage, and gone when the last tab closes.
 */
import { tokenStore } from './auth';

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
  let answered: ((token: string | null) => void) | null = null;
  const post = (message: Message) => channel.postMessage(message);

  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.type === 'ask') {
      const token = store.get();
      if (token) post({ type: 'token', token });
    } else if (message?.type === 'token' && answered && typeof message.token === 'string') {
      store.set(message.token);
      answered(message.token);
    } else if (message?.type === 'signed-out' && store.get()) {
      store.clear();
      for (const listener of listeners) listener();
    }
  };

  const own = store.get();
  const ready =
    own !== null
      ? Promise.resolve(own)
      : new Promise<string | null>((resolve) => {
          const timer = setTimeout(() => answered?.(null), askMs);
          answered = (token) => {
            clearTimeout(timer);
            answered = null;
            resolve(token);
          };
          post({ type: 'ask' });
        });

  return {
    ready,
    announceSignOut: () => post({ type: 'signed-out' }),
    onSignedOut: (listener) => void listeners.add(listener),
    close: () => channel.close(),
  };
}

let thisTab: Tab | null = null;

/** Joins this page to the browser's other tabs (the entry script, once); without BroadcastChannel, alone. */
export function startTabSignIn(): Promise<string | null> {
  if (typeof BroadcastChannel !== 'function') return Promise.resolve(tokenStore.get());
  thisTab ??= joinTabs(tokenStore, new BroadcastChannel(SIGN_IN_CHANNEL));
  return thisTab.ready;
}

/** After an explicit sign-out here: the other tabs sign out too. */
export function announceSignOut(): void {
  thisTab?.announceSignOut();
}

/** `listener` runs when another tab signs out. */
export function onSignedOutElsewhere(listener: () => void): void {
  thisTab?.onSignedOut(listener);
}
