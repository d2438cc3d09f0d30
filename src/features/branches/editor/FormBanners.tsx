import { Trans, useLingui } from '@lingui/react/macro';
import type { Branch } from '../../../contract';
import { Banner, Button, formatDateTime, formatRelative } from '../../../ui';
import type { DraftEdits } from '../drafts/draft';
import { describeDraft, draftAge } from '../drafts/draft-note';
import { OtherDrafts } from '../drafts/OtherDrafts';
import type { OthersDraft } from '../drafts/useBranchDraft';
import type { FormBanner } from '../review/save-errors';
import s from '../branches.module.css';

/** "Unsaved changes from 3 min. ago (…) are kept in this browser: changes to name." */
function DraftOfferText({ offer, now }: { offer: DraftEdits; now: number }) {
  const age = draftAge(offer.savedAt, now);
  const at = formatDateTime(offer.savedAt);
  const edits = describeDraft(offer);
  return (
    <Trans>
      <strong>Unsaved changes from {age}</strong> ({at}) are kept in this browser: {edits}. Restoring puts
      them under any edits you have made since, which keep their newer values.
    </Trans>
  );
}

/** "This branch was saved on the server 2 min. ago by Ann, after you opened it." */
function StaleText({ stale, now }: { stale: Branch; now: number }) {
  const when = formatRelative(stale.updated_at, now);
  const person = stale.updated_by?.user_name;
  return person ? (
    <Trans>
      This branch was saved on the server {when} by <bdi>{person}</bdi>, after you opened it.
    </Trans>
  ) : (
    <Trans>This branch was saved on the server {when}, after you opened it.</Trans>
  );
}

/**
 * The branch editor's banners above the form, in this order: why the form is read-only; a
 * draft kept from before to restore or discard, then other tabs' drafts; a note after a restore or a reload; a newer version saved on the
 * server; the branch gone from the server; why the last save failed (with Retry when the same
 * request can be sent again).
 */
export function FormBanners({
  readOnly,
  loaded,
  now,
  offer,
  onRestore,
  onDiscardDraft,
  others,
  onRestoreOther,
  onDiscardOther,
  note,
  onDismissNote,
  stale,
  onSeeChanges,
  gone,
  error,
  onRetry,
  onDismissError,
  saving,
}: {
  /** Why this sign-in may not change the branch (the form is read-only); null when it may. */
  readOnly: string | null;
  /** The branch as loaded: the version the form edits. */
  loaded: Branch;
  now: number;
  /** An older draft on offer (the form keeps its own edits beside it). */
  offer: DraftEdits | null;
  onRestore: () => void;
  onDiscardDraft: () => void;
  /** Other tabs' drafts of the branch. */
  others: readonly OthersDraft[];
  onRestoreOther: (key: string) => void;
  onDiscardOther: (key: string) => void;
  note: FormBanner | null;
  onDismissNote: () => void;
  /** A newer version saved on the server after the branch was loaded. */
  stale: Branch | null;
  onSeeChanges: (fresh: Branch) => void;
  gone: boolean;
  error: FormBanner | null;
  /** Sends the failed request again; absent when it cannot be sent as it is. */
  onRetry: (() => void) | undefined;
  onDismissError: () => void;
  saving: boolean;
}) {
  const { t } = useLingui();
  const branchId = loaded.id;
  return (
    <>
      {readOnly !== null && (
        // What the page is, not something gone wrong: a status.
        <Banner tone="info" role="status">
          <Trans>
            <strong>Read-only.</strong> {readOnly}
          </Trans>
        </Banner>
      )}
      {offer && (
        <Banner
          tone="warning"
          role="alert"
          actions={
            <div className={s.inline}>
              <Button variant="primary" size="sm" onClick={onRestore}>
                <Trans>Restore changes</Trans>
              </Button>
              <Button size="sm" onClick={onDiscardDraft}>
                <Trans>Discard draft</Trans>
              </Button>
            </div>
          }
        >
          <DraftOfferText offer={offer} now={now} />
          {offer.baseUpdatedAt !== loaded.updated_at && (
            <Trans>
              {' '}
              The branch has changed on the server since; restoring keeps its newer values in the fields you
              did not edit.
            </Trans>
          )}
        </Banner>
      )}
      <OtherDrafts
        others={others}
        now={now}
        changedSince={(updatedAt) => updatedAt !== loaded.updated_at}
        onRestore={onRestoreOther}
        onDiscard={onDiscardOther}
      />
      {note && (
        <Banner
          tone={note.tone}
          actions={
            <Button size="sm" variant="ghost" aria-label={t`Dismiss`} onClick={onDismissNote}>
              ✕
            </Button>
          }
        >
          <strong>{note.title}</strong> {note.message}
        </Banner>
      )}
      {stale && (
        <Banner
          tone="info"
          actions={
            <Button size="sm" onClick={() => onSeeChanges(stale)}>
              {readOnly !== null ? t`Show this version` : t`See what changed`}
            </Button>
          }
        >
          <StaleText stale={stale} now={now} />
        </Banner>
      )}
      {gone && (
        <Banner tone="warning">
          <Trans>
            Branch <code>{branchId}</code> is no longer found on the server (renamed or deleted elsewhere).
          </Trans>
          {readOnly === null && <Trans> Your edits stay here and in the draft, but saving will fail.</Trans>}
        </Banner>
      )}
      {error && (
        <Banner
          tone={error.tone}
          role="alert"
          actions={
            <div className={s.inline}>
              {onRetry && (
                <Button variant="primary" size="sm" onClick={onRetry} disabled={saving}>
                  {saving ? t`Retrying…` : t`Retry`}
                </Button>
              )}
              <Button size="sm" variant="ghost" aria-label={t`Dismiss message`} onClick={onDismissError}>
                ✕
              </Button>
            </div>
          }
        >
          <strong>{error.title}.</strong> {error.message}
          {error.lines && error.lines.length > 0 && (
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
              {error.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
    </>
  );
}
