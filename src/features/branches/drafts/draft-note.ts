import { formatRelative } from '../../../ui';
import type { DraftEdits } from './draft';
import { FIELDS, changedFields, type PatchField } from '../form/fields';
import type { Restored } from '../review/rebase';
import type { FormBanner } from '../review/save-errors';
import type { DraftStatus } from './useBranchDraft';
import { pluralForm } from '../../../lib/count';

/** The fields' labels as a list: "Name, Contacts". */
export const fieldNames = (fields: readonly PatchField[]) => fields.map((f) => FIELDS[f].label).join(', ');

/** When a draft was kept, as the manager reads it: "moments ago", "3 min. ago". */
export function draftAge(epochSeconds: number, now: number): string {
  return Math.abs(now - epochSeconds) < 45 ? 'moments ago' : formatRelative(epochSeconds, now);
}

/** What a draft holds: "changes to name, contacts". */
export function describeDraft(draft: DraftEdits): string {
  return `changes to ${fieldNames(changedFields(draft.base, draft.values)).toLowerCase()}`;
}

/** The action bar's line about the draft: when it was kept, or why it could not be. */
export function draftNote(status: DraftStatus, now: number): string | null {
  if (!status) return null;
  return 'error' in status ? status.error : `Draft kept in this browser (${draftAge(status.savedAt, now)}).`;
}

/**
 * The note after a draft is restored, when the form holds something else than the draft's
 * values: the branch changed on the server since the draft (`changedOnServer`; in
 * `overlapping` fields the draft's values win), or fields were edited again while the draft was
 * on offer (`keptNewer`: the newer edits win).
 */
export function restoredNote(
  { overlapping, keptNewer }: Pick<Restored, 'overlapping' | 'keptNewer'>,
  changedOnServer: boolean,
): FormBanner | null {
  const newer = keptNewer.length
    ? `${fieldNames(keptNewer)} ${pluralForm(keptNewer.length, 'keeps', 'keep')} the edits you made after the draft; the draft’s ${pluralForm(keptNewer.length, 'value was', 'values were')} not applied there.`
    : '';
  if (!changedOnServer) {
    return newer ? { tone: 'info', title: 'Restored under your newer edits.', message: newer } : null;
  }
  return overlapping.length
    ? {
        tone: 'warning',
        title: 'Restored. The branch also changed on the server since your draft.',
        message:
          `Your version of ${fieldNames(overlapping)} replaces the server’s when you save. Other fields show the server’s current values. ${newer}`.trim(),
      }
    : {
        tone: 'info',
        title: 'Restored onto the current version of the branch.',
        message:
          `The branch changed on the server since your draft, in fields you had not edited; those show the server’s values. ${newer}`.trim(),
      };
}
