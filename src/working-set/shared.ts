/**
 * One reader per browser (docs/design.md, "The working set"): the tabs of one origin signed in
 * to the same service as the same identity share one working set. The tab holding the Web Lock
 * reads (./reader.ts) and hands every delta to the others over a BroadcastChannel; a tab that
 * joins asks for a snapshot. When the reading tab closes, the lock passes to another tab, whose
 * store is already current: it continues from the cursor (or the re-reads' due times) without
 * listing again. Only the reading tab watches for work going late, so a notification comes from
 * one tab per browser (./late-watch.ts). Without Web Locks or BroadcastChannel a tab reads alone.
 */
import type { ApiClient } from '../api';
import type { RuntimeConfig } from '../config';
import { watchLate } from './late-watch';
import { hash, keptSet } from './registry';
import { startReader, type Reader } from './reader';
import { WorkingSetStore, type Delta } from './store';

type Message =
  | { type: 'delta'; delta: Delta }
  | { type: 'hello'; from: string }
  | { type: 'snapshot'; to: string; delta: Delta }
  | { type: 'stop' }
  | { type: 'again' }
  | { type: 'timed'; on: boolean };

export type SharedWorkingSet = {
  store: WorkingSetStore;
  /** Starts taking part (reading or receiving) while retained; returns the release. */
  retain: () => () => void;
  /** Whether this tab is the one reading. */
  reading: () => boolean;
  stop: () => void;
  again: () => void;
  /**
   * The screens' auto-refresh, on or off: a service without the extension is read again as
   * re-reads fall due only while it is on (the last tab to change it decides: it is one choice
   * per browser).
   */
  setTimed: (on: boolean) => void;
};

/** The statuses the config does not mark final, in code order: the open work's. */
export function openStatusCodes(config: Pick<RuntimeConfig, 'statuses'>): number[] {
  return Object.entries(config.statuses)
    .filter(([, entry]) => !entry.final)
    .map(([code]) => Number(code))
    .sort((a, b) => a - b);
}

/** The working set of this service and sign-in (one per tab, shared with the browser's other tabs). */
export function workingSetOf(api: ApiClient, config: RuntimeConfig): SharedWorkingSet {
  return keptSet(api, config, (key) => createShared(key, api, config));
}

function createShared(key: string, api: ApiClient, config: RuntimeConfig): SharedWorkingSet {
  const isFinal = (status: number) => config.statuses[String(status)]?.final === true;
  const store = new WorkingSetStore(isFinal);
  const name = `dispatch.working-set:${hash(key)}`;
  const me = Math.random().toString(36).slice(2);
  let users = 0;
  let closing: ReturnType<typeof setTimeout> | null = null;
  let session: { close: () => void; post: (m: Message) => void } | null = null;
  let reader: Reader | null = null;
  let timed = true;

  const read = (post: (m: Message) => void) => {
    const r = startReader(
      {
        api,
        store,
        emit: (delta) => {
          store.apply(delta);
          post({ type: 'delta', delta });
        },
        openStatuses: openStatusCodes(config),
        isFinal,
        caps: { open: config.scanCaps.open, window: config.scanCaps.overview },
        refreshMs: config.refreshSeconds * 1000,
        windowRefreshMs: config.windowRefreshMinutes * 60_000,
      },
      timed,
    );
    const unwatch = watchLate(store, config);
    return {
      reader: r,
      end: () => {
        r.halt();
        unwatch();
      },
    };
  };

  function open() {
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
    const post = (m: Message) => channel?.postMessage(m);
    const quit = new AbortController();
    const become = () => {
      const { reader: r, end } = read(post);
      reader = r;
      return new Promise<void>((resolve) =>
        quit.signal.addEventListener(
          'abort',
          () => {
            end();
            reader = null;
            resolve();
          },
          { once: true },
        ),
      );
    };
    if (channel && typeof navigator !== 'undefined' && navigator.locks) {
      channel.onmessage = (event: MessageEvent<Message>) => {
        const m = event.data;
        if (m.type === 'delta' && !reader) store.apply(m.delta);
        else if (m.type === 'snapshot' && m.to === me && !reader) store.apply(m.delta);
        else if (m.type === 'hello' && reader) post({ type: 'snapshot', to: m.from, delta: store.toDelta() });
        else if (m.type === 'stop') reader?.stop();
        else if (m.type === 'again') reader?.again();
        else if (m.type === 'timed') {
          timed = m.on;
          reader?.setTimed(m.on);
        }
      };
      post({ type: 'hello', from: me });
      navigator.locks.request(name, { signal: quit.signal }, become).catch(() => undefined);
    } else void become();
    return {
      post,
      close: () => {
        quit.abort();
        channel?.close();
      },
    };
  }

  return {
    store,
    reading: () => reader !== null,
    retain: () => {
      users += 1;
      if (closing) clearTimeout(closing);
      closing = null;
      session ??= open();
      return () => {
        users -= 1;
        // Kept a moment: moving between the screens that read it does not start it again.
        if (users === 0)
          closing = setTimeout(() => {
            session?.close();
            session = null;
          }, 10_000);
      };
    },
    stop: () => (reader ? reader.stop() : session?.post({ type: 'stop' })),
    again: () => (reader ? reader.again() : session?.post({ type: 'again' })),
    setTimed: (on) => {
      if (on === timed) return;
      timed = on;
      if (reader) reader.setTimed(on);
      else session?.post({ type: 'timed', on });
    },
  };
}
