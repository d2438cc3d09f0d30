import { formatRelative } from '../../ui';
import type { BranchDraft } from './draft';
import { FIELDS, changedFields, type PatchField } from './fields';
import type { FormBanner } from './save-errors';
import type { DraftStatus } from './useBranchDraft';

/** The fields' labels as a list: "Name, Contacts". */
export const fieldNames = (fields: readonly PatchField[]) => fields.map((f) => FIELDS[f].label).join(', ');

/** When a draft was kept, as the manager reads it: "moments ago", "3 min. ago". */
export function draftAge(epochSeconds: number, now: number): string {
  return Math.abs(now - epochSeconds) < 45 ? 'moments ago' : formatRelative(epochSeconds, now);
}

/** What a draft holds: "changes to name, contacts". */
export function describeDraft(draft: BranchDraft): string {
  return `changes to ${fieldNames(changedFields(draft.base, draft.values)).toLowerCase()}`;
}

/** The action bar's line about the draft: when it was kept, or why it could not be. */
export function draftNote(status: DraftStatus, now: number): string | null {
  if (!status) return null;
  return 'error' in status ? status.error : `Draft kept in this browser (${draftAge(status.savedAt, now)}).`;
}

/**
 * The note after a draft is restored onto a newer version of the branch: `overlapping`, the
 * fields both the draft and the server changed (the draft's win).
 */
export function restoredNote(overlapping: readonly PatchField[]): FormBanner {
  return overlapping.length
    ? {
        tone: 'warning',
        title: 'Restored. The branch also changed on the server since your draft.',
        message: `Your version of ${fieldNames(overlapping)} replaces the server’s when you save. Other fields show the server’s current values.`,
      }
    : {
        tone: 'info',
        title: 'Restored onto the current version of the branch.',
        message:
          'The branch changed on the server since your draft, in fields you had not edited; those show the server’s values.',
      };
}
