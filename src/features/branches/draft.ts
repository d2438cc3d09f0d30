import type { BranchFormValues } from './form-model';
import { withFormZones } from './form-zones';

/**
 * Unsaved edits of one branch of one service, kept in localStorage as the manager types so
 * that a crash, a reload or a sign-in after a 401 does not lose them; removed when the manager
 * signs out. Only form values are stored: never the sign-in token (which lives in
 * sessionStorage) or anything else of the session.
 */
export type BranchDraft = {
  version: 2;
  /** The service's base URL (the runtime config's `apiBaseUrl`; '' for this origin). */
  service: string;
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

/** `dispatch.branchDraft.<service, URL-encoded>/<branch id>` (branch ids hold no '/'). */
export function draftKey(service: string, branchId: string): string {
  return `${servicePrefix(service)}${branchId}`;
}

function servicePrefix(service: string): string {
  return `${PREFIX}${encodeURIComponent(service)}/`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown, service: string, branchId: string): value is BranchDraft {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<BranchDraft>;
  return (
    d.version === 2 &&
    d.service === service &&
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

export function readDraft(service: string, branchId: string): BranchDraft | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(draftKey(service, branchId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isDraft(parsed, service, branchId)) return null;
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
    store.setItem(
      draftKey(draft.service, draft.branchId),
      JSON.stringify({ version: 2, ...draft } satisfies BranchDraft),
    );
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

export function clearDraft(service: string, branchId: string): void {
  try {
    storage()?.removeItem(draftKey(service, branchId));
  } catch {
    /* nothing to clear */
  }
}

/** Every stored key that starts with `prefix`. */
function keysFrom(prefix: string): string[] {
  const store = storage();
  const keys: string[] = [];
  try {
    for (let i = 0; store && i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    /* storage unavailable: nothing listed */
  }
  return keys;
}

/** Ids of every branch of `service` with a draft in this browser (for the list's "draft" badge). */
export function listDraftIds(service: string): string[] {
  const prefix = servicePrefix(service);
  return keysFrom(prefix).map((key) => key.slice(prefix.length));
}

/** Removes the drafts of every service from this browser (an explicit sign-out; a 401 keeps them). */
export function clearAllDrafts(): void {
  for (const key of keysFrom(PREFIX)) {
    try {
      storage()?.removeItem(key);
    } catch {
      /* nothing to clear */
    }
  }
}
