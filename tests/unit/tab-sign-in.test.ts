/**
 * One sign-in per browser (src/app/tab-sign-in.ts): the handshake between tabs, each a
 * BroadcastChannel of its own with its own token store, as the tabs of one browser are.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_CHANNEL, joinTabs, type Tab } from '../../src/app/tab-sign-in';

const tabs: Tab[] = [];
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

/** A tab: its sessionStorage (a token or none) and its channel. */
function tab(token: string | null, askMs = 300, othersOpen?: number) {
  const store = {
    token,
    get: () => store.token,
    set: (next: string) => void (store.token = next),
    clear: () => void (store.token = null),
  };
  const joined = joinTabs(
    store,
    new BroadcastChannel(SIGN_IN_CHANNEL),
    askMs,
    Promise.resolve(othersOpen ?? null),
  );
  tabs.push(joined);
  return { store, joined };
}

describe('one sign-in per browser', () => {
  it('a new tab adopts the token of a signed-in tab', async () => {
    tab(null);
    tab('token-of-tab-1');
    const opened = tab(null);
    await expect(opened.joined.ready).resolves.toBe('token-of-tab-1');
    expect(opened.store.token).toBe('token-of-tab-1');
  });

  it('a tab with its own token keeps it and asks nobody', async () => {
    tab('other-token');
    const own = tab('own-token');
    await expect(own.joined.ready).resolves.toBe('own-token');
    expect(own.store.token).toBe('own-token');
  });

  it('with no signed-in tab open, a new tab starts signed out', async () => {
    const lonely = tab(null);
    tab(null);
    const opened = tab(null, 20);
    await expect(opened.joined.ready).resolves.toBeNull();
    expect(opened.store.token).toBeNull();
    expect(lonely.store.token).toBeNull();
  });

  it('signing out in one tab signs the others out', async () => {
    const first = tab('shared');
    const second = tab(null);
    await second.joined.ready;
    const signedOut: string[] = [];
    second.joined.onSignedOut(() => signedOut.push('second'));
    first.store.clear();
    first.joined.announceSignOut();
    await expect.poll(() => second.store.token).toBeNull();
    expect(signedOut).toEqual(['second']);
    // And a tab opened afterwards finds nobody signed in.
    await expect(tab(null, 20).joined.ready).resolves.toBeNull();
  });

  it('knowing no other tab is open, starts signed out without asking', async () => {
    const listener = new BroadcastChannel(SIGN_IN_CHANNEL);
    const asked: unknown[] = [];
    listener.onmessage = ({ data }) => void asked.push(data);
    const opened = tab(null, 60_000, 0);
    await expect(opened.joined.ready).resolves.toBeNull();
    listener.close();
    expect(asked).toEqual([]);
  });

  it('among open tabs, waits for a busy one that answers late, past the short wait', async () => {
    // An open tab, signed in, whose answer comes 200 ms after the question (a long task).
    const busy = new BroadcastChannel(SIGN_IN_CHANNEL);
    busy.onmessage = ({ data }) => {
      if ((data as { type: string }).type === 'ask')
        setTimeout(() => busy.postMessage({ type: 'token', token: 'busy-token' }), 200);
    };
    const opened = tab(null, 20, 1);
    await expect(opened.joined.ready).resolves.toBe('busy-token');
    busy.close();
  });

  it('among open tabs all signed out, starts signed out once each has answered', async () => {
    tab(null);
    tab(null);
    // The longest wait (5 s) would outlast the test's own time limit.
    const opened = tab(null, 60_000, 2);
    await expect(opened.joined.ready).resolves.toBeNull();
  });
});
