/**
 * One sign-in per browser (docs/design.md, decision 8): a tab that starts without a token asks
 * the open tabs of this origin for theirs over a BroadcastChannel and adopts the first answer.
 * Every tab answers: with its token while it has one, else with none. How many tabs are open is
 * known from a shared Web Lock each tab holds for its life: a tab alone goes on signed out at
 * once, and one among others waits for every answer (up to `BUSY_MS`: a tab busy with a long
 * task answers late). Without Web Locks it waits `ASK_MS` for a token. An explicit sign-out in
 * one tab signs the others out. The token passes between live tabs only: never through
 * localStorage, and gone when the last tab closes.
 */
import { otherTabs, tokenStore } from './auth';

export const SIGN_IN_CHANNEL = 'dispatch-sign-in';
/** How long a starting tab waits for an answer when it cannot know how many tabs are open. */
export const ASK_MS = 300;
/** The longest a starting tab waits for the open tabs' answers. */
export const BUSY_MS = 5000;
/** The shared Web Lock every tab holds while open. */
const TAB_LOCK = 'dispatch-tab';

type Message = { type: 'ask' } | { type: 'token'; token: string } | { type: 'none' } | { type: 'signed-out' };

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

/**
 * Joins the tabs of `channel`, keeping the token in `store`. `othersOpen`: how many other tabs
 * are open (null when unknown: then a token is waited for `askMs`).
 */
export function joinTabs(
  store: TokenHolder,
  channel: BroadcastChannel,
  askMs = ASK_MS,
  othersOpen: Promise<number | null> = Promise.resolve(null),
): Tab {
  const listeners = new Set<() => void>();
  const post = (message: Message) => channel.postMessage(message);
  /** While this tab waits for an answer: takes it (a token, or null when none came). */
  let answer: ((token: string | null) => void) | undefined;
  /** While this tab waits: counts an open tab's "none". */
  let none: (() => void) | undefined;
  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    const token = store.get();
    if (data.type === 'ask') post(token ? { type: 'token', token } : { type: 'none' });
    else if (data.type === 'token') answer?.(data.token);
    else if (data.type === 'none') none?.();
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
            none = undefined;
            if (token) store.set(token);
            resolve(token);
          };
          void othersOpen.then((others) => {
            if (others === 0) return answer?.(null);
            let nones = 0;
            if (others !== null) none = () => void (++nones >= others && answer?.(null));
            setTimeout(() => answer?.(null), others === null ? askMs : BUSY_MS);
            post({ type: 'ask' });
          });
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
    const tab = joinTabs(tokenStore, new BroadcastChannel(SIGN_IN_CHANNEL), ASK_MS, tabsOpen());
    otherTabs.announce = tab.announceSignOut;
    tab.onSignedOut(() => otherTabs.signedOut.forEach((listener) => listener()));
    thisTab = tab;
  }
  return thisTab.ready;
}

/** How many other tabs of this origin are open (null without Web Locks); this one counted from then on. */
function tabsOpen(): Promise<number | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(null);
  return locks.query().then(
    ({ held = [] }) => {
      // Held until the page goes.
      void locks.request(TAB_LOCK, { mode: 'shared' }, () => new Promise<never>(() => undefined));
      return held.filter((lock) => lock.name === TAB_LOCK).length;
    },
    () => null,
  );
}
