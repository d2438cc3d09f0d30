/**
 * Which tab this is, for drafts kept per tab, and which tabs have a branch's editor open now.
 *
 * A tab's id lives in sessionStorage, so it outlasts the tab's reloads and no other tab
 * shares it, with one exception: a duplicated tab (or a window opened by this one) starts
 * with a copy of sessionStorage. Each tab therefore holds a Web Lock named by its id for as
 * long as it lives; a tab that cannot have its id's lock within a moment (another open tab
 * holds it) takes a new id. A reload gets the lock back as soon as the old page has gone.
 *
 * While an editor is open it holds a second lock, named by its draft's key: a draft whose
 * lock is held belongs to an editor open in another tab, and stays that tab's. Without the
 * Web Locks API (old browsers, jsdom) ids are not checked and no editor counts as open.
 */
import { readStored, writeStored } from '../../../lib/storage';

const TAB_KEY = 'dispatch.tab';
const TAB_LOCK = 'dispatch.tab.';
const EDITING_LOCK = 'dispatch.editing.';
/** How long a tab waits for its id's lock before it takes a new id. */
const CLAIM_MS = 1500;

const locks = (): LockManager | null => globalThis.navigator?.locks ?? null;
// getRandomValues, not randomUUID: it works outside secure contexts too.
const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(5)), (b) => b.toString(16).padStart(2, '0')).join('');

let current: string | null = null;

function claim(id: string) {
  const manager = locks();
  if (!manager || typeof AbortSignal.timeout !== 'function') return;
  manager
    .request(
      `${TAB_LOCK}${id}`,
      { signal: AbortSignal.timeout(CLAIM_MS) },
      () => new Promise<never>(() => {}),
    )
    .catch(() => {
      // Another open tab holds this id: this one is a copy of it.
      if (current !== id) return;
      current = newId();
      writeStored('session', TAB_KEY, current);
      claim(current);
    });
}

/** This tab's id (a few letters, no '/'). */
export function tabId(): string {
  if (current) return current;
  const stored = readStored('session', TAB_KEY);
  current = stored && /^[\w-]{1,40}$/.test(stored) ? stored : newId();
  writeStored('session', TAB_KEY, current);
  claim(current);
  return current;
}

/** Marks the draft at `key` as open in this tab's editor, until the returned function runs. */
export function holdEditing(key: string): () => void {
  const manager = locks();
  if (!manager) return () => {};
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  manager.request(`${EDITING_LOCK}${key}`, () => held).catch(() => {});
  return release;
}

/** The draft keys whose editor is open in some tab now; null when this browser cannot tell. */
export async function openEditorKeys(): Promise<Set<string> | null> {
  const manager = locks();
  if (!manager) return null;
  const { held = [], pending = [] } = await manager.query();
  return new Set(
    [...held, ...pending]
      .map((lock) => lock.name ?? '')
      .filter((name) => name.startsWith(EDITING_LOCK))
      .map((name) => name.slice(EDITING_LOCK.length)),
  );
}
