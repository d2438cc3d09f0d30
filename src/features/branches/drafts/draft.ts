import { readStoredJson, storedKeys, writeStored, writeStoredJson } from '../../../lib/storage';
import { draftKey, servicePrefix } from './draft-keys';
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
 * Unsaved edits of one branch of one service, kept in localStorage as the manager types so
 * that a crash, a reload or a sign-in after a 401 does not lose them; removed when the manager
 * signs out. Only form values are stored: never the sign-in token (which lives in
 * sessionStorage) or anything else of the session.
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

export function readDraft(service: string, branchId: string): BranchDraft | null {
  const stored = readStoredJson('local', draftKey(service, branchId));
  if (!isDraft(stored, service, branchId)) return null;
  const { older, ...draft } = stored;
  return isEdits(older) ? { ...readEdits(draft), older: readEdits(older) } : readEdits(draft);
}

export type WriteResult = { ok: true } | { ok: false; reason: string };

const editsOf = ({ savedAt, baseUpdatedAt, base, values }: DraftEdits): DraftEdits => ({
  savedAt,
  baseUpdatedAt,
  base,
  values,
});

export function writeDraft({
  service,
  branchId,
  older,
  ...edits
}: Omit<BranchDraft, 'version'>): WriteResult {
  const stored = writeStoredJson('local', draftKey(service, branchId), {
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
        reason: 'The draft could not be kept: this browser’s storage is full or turned off. Save soon.',
      };
}

export function clearDraft(service: string, branchId: string): void {
  writeStored('local', draftKey(service, branchId), null);
}

/** Ids of every branch of `service` with a draft in this browser (for the list's "draft" badge). */
export function listDraftIds(service: string): string[] {
  const prefix = servicePrefix(service);
  return storedKeys('local', prefix).map((key) => key.slice(prefix.length));
}
