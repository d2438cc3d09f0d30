import type { BranchFormValues } from './form-model';
import { withFormZones } from './form-zones';

/**
 * Unsaved edits of one branch, kept in localStorage as the manager types so that a crash,
 * a reload or a sign-in after a 401 does not lose them. Only form values are stored: never
 * the sign-in token (which lives in sessionStorage) or anything else of the session.
 */
export type BranchDraft = {
  version: 1;
  /** The branch id the editor was opened with (the URL id, before any rename). */
  branchId: string;
  /** When the draft was written, epoch seconds. */
  savedAt: number;
  /** `updated_at` of the branch the edits were based on. */
  baseUpdatedAt: number;
  /** The branch as loaded, in form values (to tell the manager's edits from server changes). */
  base: BranchFormValues;
  /** The form's values. */
  values: BranchFormValues;
};

const PREFIX = 'dispatch.branchDraft.';

export function draftKey(branchId: string): string {
  return `${PREFIX}${branchId}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown, branchId: string): value is BranchDraft {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<BranchDraft>;
  return (
    d.version === 1 &&
    d.branchId === branchId &&
    typeof d.savedAt === 'number' &&
    typeof d.baseUpdatedAt === 'number' &&
    !!d.values &&
    typeof d.values === 'object' &&
    !!d.base &&
    typeof d.base === 'object' &&
    Array.isArray(d.values.contacts) &&
    typeof d.values.coordinates === 'object'
  );
}

export function readDraft(branchId: string): BranchDraft | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(draftKey(branchId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isDraft(parsed, branchId)) return null;
    return { ...parsed, base: withFormZones(parsed.base), values: withFormZones(parsed.values) };
  } catch {
    return null;
  }
}

export type WriteResult = { ok: true } | { ok: false; reason: string };

export function writeDraft(draft: Omit<BranchDraft, 'version'>): WriteResult {
  const store = storage();
  if (!store) return { ok: false, reason: 'This browser does not allow storing drafts.' };
  try {
    store.setItem(draftKey(draft.branchId), JSON.stringify({ version: 1, ...draft } satisfies BranchDraft));
    return { ok: true };
  } catch (e) {
    const quota = e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
    return {
      ok: false,
      reason: quota
        ? 'The browser storage is full: the draft could not be kept. Save soon.'
        : 'The draft could not be kept in this browser. Save soon.',
    };
  }
}

export function clearDraft(branchId: string): void {
  try {
    storage()?.removeItem(draftKey(branchId));
  } catch {
    /* nothing to clear */
  }
}

/** Ids of every branch with a draft in this browser (for the list's "draft" badge). */
export function listDraftIds(): string[] {
  const store = storage();
  if (!store) return [];
  const ids: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
    }
  } catch {
    return ids;
  }
  return ids;
}

/**
 * Runs the latest scheduled function once `delayMs` after the last `schedule(fn)`. `flush`
 * runs a pending call now (before a save, on unmount, before leaving for sign-in); `cancel`
 * drops it.
 */
export function createDebounced(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingFn: (() => void) | null = null;
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const fn = pendingFn;
    pendingFn = null;
    fn?.();
  };
  return {
    schedule(fn: () => void) {
      pendingFn = fn;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, delayMs);
    },
    flush() {
      if (pendingFn) run();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pendingFn = null;
    },
    get pending() {
      return pendingFn !== null;
    },
  };
}
