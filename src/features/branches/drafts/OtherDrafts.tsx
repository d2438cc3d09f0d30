import { Trans } from '@lingui/react/macro';
import { Banner, Button, formatDateTime } from '../../../ui';
import { describeDraft, draftAge } from './draft-note';
import type { OthersDraft } from './useBranchDraft';
import s from '../branches.module.css';

/**
 * Other tabs' drafts of the branch, below this tab's own offer: a closed tab's draft offered
 * with Restore and Discard (each banner names its draft, so that none is lost for another), an
 * editor open in another tab named only (its edits stay in that tab).
 */
export function OtherDrafts({
  others,
  now,
  changedSince,
  onRestore,
  onDiscard,
}: {
  others: readonly OthersDraft[];
  now: number;
  /** Has the branch changed on the server since this draft's version? */
  changedSince: (baseUpdatedAt: number) => boolean;
  onRestore: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  return others.map(({ key, draft, open }) => {
    const edits = describeDraft(draft);
    const age = draftAge(draft.savedAt, now);
    const at = formatDateTime(draft.savedAt);
    return open ? (
      <Banner key={key} tone="info" role="status">
        <Trans>
          <strong>This branch is open in another tab</strong> with unsaved {edits} ({age}). They stay in that
          tab: save or discard them there.
        </Trans>
      </Banner>
    ) : (
      <Banner
        key={key}
        tone="warning"
        role="alert"
        actions={
          <div className={s.inline}>
            <Button variant="primary" size="sm" onClick={() => onRestore(key)}>
              <Trans>Restore changes</Trans>
            </Button>
            <Button size="sm" onClick={() => onDiscard(key)}>
              <Trans>Discard draft</Trans>
            </Button>
          </div>
        }
      >
        <Trans>
          <strong>Unsaved changes from {age}, made in another tab</strong> ({at}), are kept in this browser:{' '}
          {edits}. Restoring puts them under the edits in this tab, which keep their values.
        </Trans>
        {changedSince(draft.baseUpdatedAt) && (
          <Trans>
            {' '}
            The branch has changed on the server since; restoring keeps its newer values in the fields you did
            not edit.
          </Trans>
        )}
      </Banner>
    );
  });
}
