import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n';
import { readStoredJson, storedKeys, writeStored, writeStoredJson } from '../../../lib/storage';
import { branchPrefix, draftKey, servicePrefix, untabbedDraftKey } from './draft-keys';
import type { BranchFormValues } from '../form/form-model';
import { withFormZones } from '../form/form-zones';

/** One set of unsaved edits, and the version of the branch they were made on. */
export type DraftEdits = {
  /** When the edits were written, epoch seconds. */
  savedAt: number;
  /** `updated_at` of the branch the edits were based on. */
  baseUpdatedAt: number;
  /** The branch as loaded, in form values (to tell the manager's edits from server changes). */
  base: BranchFormValues;
  /** The form's values. */
  values: BranchFormValues;
};

/**
 * Unsaved edits of one branch of one service made in one tab, kept in localStorage as the
 * manager types so that a crash, a reload or a sign-in after a 401 does not lose them; removed
 * when the manager signs out. Each tab keeps its own (keyed by the tab's id, tab.ts), so that a
 * save in one tab never removes another tab's edits. Only form values are stored: never the
 * sign-in token (which lives in sessionStorage) or anything else of the session.
 */
export type BranchDraft = DraftEdits & {
  version: 2;
  /** The service's base URL (the runtime config's `apiBaseUrl`; '' for this origin). */
  service: string;
  /** The branch id the editor was opened with (the URL id, before any rename). */
  branchId: string;
  /**
   * An older draft the editor offered back and the manager has neither restored nor discarded
   * yet: the edits above were made while it was on offer, and it is offered again next time.
   */
  older?: DraftEdits;
};

function isEdits(value: unknown): value is DraftEdits {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<DraftEdits>;
  return (
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

function isDraft(value: unknown, service: string, branchId: string): value is BranchDraft {
  const d = value as Partial<BranchDraft>;
  return isEdits(value) && d.version === 2 && d.service === service && d.branchId === branchId;
}

const readEdits = <T extends DraftEdits>(edits: T): T => ({
  ...edits,
  base: withFormZones(edits.base),
  values: withFormZones(edits.values),
});

function readAt(key: string, service: string, branchId: string): BranchDraft | null {
  const stored = readStoredJson('local', key);
  if (!isDraft(stored, service, branchId)) return null;
  const { older, ...draft } = stored;
  return isEdits(older) ? { ...readEdits(draft), older: readEdits(older) } : readEdits(draft);
}

/** The draft tab `tab` keeps of the branch. */
export function readDraft(service: string, branchId: string, tab: string): BranchDraft | null {
  return readAt(draftKey(service, branchId, tab), service, branchId);
}

/** A draft of the branch kept by another tab (or from before drafts were kept per tab). */
export type OtherDraft = { key: string; draft: BranchDraft };

/** The drafts of the branch that other tabs than `tab` keep, oldest first. */
export function readOtherDrafts(service: string, branchId: string, tab: string): OtherDraft[] {
  const own = draftKey(service, branchId, tab);
  const keys = [untabbedDraftKey(service, branchId), ...storedKeys('local', branchPrefix(service, branchId))];
  return keys
    .filter((key) => key !== own)
    .flatMap((key) => {
      const draft = readAt(key, service, branchId);
      return draft ? [{ key, draft }] : [];
    })
    .sort((a, b) => a.draft.savedAt - b.draft.savedAt);
}

export type WriteResult = { ok: true } | { ok: false; reason: string };

const editsOf = ({ savedAt, baseUpdatedAt, base, values }: DraftEdits): DraftEdits => ({
  savedAt,
  baseUpdatedAt,
  base,
  values,
});

export function writeDraft(
  tab: string,
  { service, branchId, older, ...edits }: Omit<BranchDraft, 'version'>,
): WriteResult {
  const stored = writeStoredJson('local', draftKey(service, branchId, tab), {
    version: 2,
    service,
    branchId,
    ...editsOf(edits),
    ...(older && { older: editsOf(older) }),
  } satisfies BranchDraft);
  return stored
    ? { ok: true }
    : {
        ok: false,
        reason: i18n._(
          msg`The draft could not be kept: this browser’s storage is full or turned off. Save soon.`,
        ),
      };
}

/** Removes tab `tab`'s draft of the branch, and no other tab's. */
export function clearDraft(service: string, branchId: string, tab: string): void {
  removeDraftAt(draftKey(service, branchId, tab));
}

/** Removes the draft stored at `key` (another tab's, once restored here or discarded). */
export function removeDraftAt(key: string): void {
  writeStored('local', key, null);
}

/** Ids of every branch of `service` with a draft in this browser, from any tab (the list's "draft" badge). */
export function listDraftIds(service: string): string[] {
  const prefix = servicePrefix(service);
  const ids = storedKeys('local', prefix).map((key) => key.slice(prefix.length).split('/')[0]!);
  return [...new Set(ids)];
}
