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
  return others.map(({ key, draft, open }) =>
    open ? (
      <Banner key={key} tone="info" role="status">
        <strong>This branch is open in another tab</strong> with unsaved {describeDraft(draft)} (
        {draftAge(draft.savedAt, now)}). They stay in that tab: save or discard them there.
      </Banner>
    ) : (
      <Banner
        key={key}
        tone="warning"
        role="alert"
        actions={
          <div className={s.inline}>
            <Button variant="primary" size="sm" onClick={() => onRestore(key)}>
              Restore changes
            </Button>
            <Button size="sm" onClick={() => onDiscard(key)}>
              Discard draft
            </Button>
          </div>
        }
      >
        <strong>Unsaved changes from {draftAge(draft.savedAt, now)}, made in another tab</strong> (
        {formatDateTime(draft.savedAt)}), are kept in this browser: {describeDraft(draft)}. Restoring puts
        them under the edits in this tab, which keep their values.
        {changedSince(draft.baseUpdatedAt) &&
          ' The branch has changed on the server since; restoring keeps its newer values in the fields you did not edit.'}
      </Banner>
    ),
  );
}
