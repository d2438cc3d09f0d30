import { msg, plural } from '@lingui/core/macro';
import { currentLocale, i18n } from '../../../i18n';
import { formatRelative } from '../../../ui';
import type { DraftEdits } from './draft';
import { changedFields, fieldLabel, type PatchField } from '../form/fields';
import type { Restored } from '../review/rebase';
import type { FormBanner } from '../review/save-errors';
import type { DraftStatus } from './useBranchDraft';

/** The fields' labels as a list: "Name, Contacts". */
export const fieldNames = (fields: readonly PatchField[]) => fields.map(fieldLabel).join(', ');

/** When a draft was kept, as the manager reads it: "moments ago", "3 min. ago". */
export function draftAge(epochSeconds: number, now: number): string {
  return Math.abs(now - epochSeconds) < 45 ? i18n._(msg`moments ago`) : formatRelative(epochSeconds, now);
}

/** What a draft holds: "changes to name, contacts". */
export function describeDraft(draft: DraftEdits): string {
  const fields = fieldNames(changedFields(draft.base, draft.values)).toLocaleLowerCase(currentLocale().tag);
  return i18n._(msg`changes to ${fields}`);
}

/** The action bar's line about the draft: when it was kept, or why it could not be. */
export function draftNote(status: DraftStatus, now: number): string | null {
  if (!status) return null;
  if ('error' in status) return status.error;
  const age = draftAge(status.savedAt, now);
  return i18n._(msg`Draft kept in this browser (${age}).`);
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
  const fields = fieldNames(keptNewer);
  const count = keptNewer.length;
  const newer = count
    ? plural(count, {
        one: `${fields} keeps the edits you made after the draft; the draft’s value was not applied there.`,
        other: `${fields} keep the edits you made after the draft; the draft’s values were not applied there.`,
      })
    : '';
  if (!changedOnServer) {
    return newer
      ? { tone: 'info', title: i18n._(msg`Restored under your newer edits.`), message: newer }
      : null;
  }
  const mine = fieldNames(overlapping);
  return overlapping.length
    ? {
        tone: 'warning',
        title: i18n._(msg`Restored. The branch also changed on the server since your draft.`),
        message:
          `${i18n._(msg`Your version of ${mine} replaces the server’s when you save. Other fields show the server’s current values.`)} ${newer}`.trim(),
      }
    : {
        tone: 'info',
        title: i18n._(msg`Restored onto the current version of the branch.`),
        message:
          `${i18n._(msg`The branch changed on the server since your draft, in fields you had not edited; those show the server’s values.`)} ${newer}`.trim(),
      };
}
