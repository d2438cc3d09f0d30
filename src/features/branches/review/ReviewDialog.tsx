import type { FeatureCollection, Point } from 'geojson';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BranchPatch, ZoneCollection } from '../../../contract';
import { Banner, Button } from '../../../ui';
import { Modal } from '../../../ui/Modal';
import { ChangeList } from './ChangeList';
import type { ImpactPointProperties } from '../impact/impact';
import { ImpactPreview } from '../impact/ImpactPreview';
import type { Change } from './review';
import type { ReviewFindings, ReviewWarning } from './review-warnings';
import s from '../branches.module.css';

const BODY_PREVIEW_LIMIT = 20_000;

function bodyText(patch: BranchPatch, more: (count: number) => string): string {
  const text = JSON.stringify({ branch: patch }, null, 2);
  return text.length > BODY_PREVIEW_LIMIT
    ? `${text.slice(0, BODY_PREVIEW_LIMIT)}\n… (${more(text.length - BODY_PREVIEW_LIMIT)})`
    : text;
}

/** One group of findings under its heading: the errors, the new warnings, or those already there. */
function FindingList({
  id,
  title,
  note,
  items,
  tone,
}: {
  id: string;
  title: string;
  note: string;
  items: readonly ReviewWarning[];
  tone: 'error' | 'warning' | 'kept';
}) {
  if (items.length === 0) return null;
  return (
    <section
      className={`${s.reviewWarnings} ${tone === 'error' ? s.reviewErrors : tone === 'kept' ? s.reviewKept : ''}`}
      aria-labelledby={id}
      data-findings={tone}
    >
      <h3 id={id} className={s.reviewWarningsTitle}>
        {title}
      </h3>
      <p>{note}</p>
      <ul aria-labelledby={id}>
        {items.map((w) => (
          <li key={w.key}>
            <strong>{w.subject}</strong>: {w.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

const NO_FINDINGS: ReviewFindings = { errors: [], added: [], kept: [] };

/**
 * The step before the PUT: what blocks the save, the warnings it would bring, those already
 * there at the last save (apart, never asked about again), every change, field by field, and
 * the exact body that will be sent. Save is the one confirmation: with new warnings it names
 * them ("Save with 2 warnings"); with an error it is disabled.
 */
export function ReviewDialog({
  open,
  changes,
  findings = NO_FINDINGS,
  patch,
  branchId,
  saving,
  zones,
  onImpactPoints,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  changes: Change[];
  /** What the branch as it will be saved brings: errors, new warnings, warnings already there. */
  findings?: ReviewFindings;
  patch: BranchPatch;
  branchId: string;
  saving: boolean;
  /** The zones before and after, when the change holds zones: their impact on recent deliveries is shown. */
  zones?: { before: ZoneCollection | null; after: ZoneCollection | null } | null;
  /** The impact's placed deliveries, for the editor's map. */
  onImpactPoints?: (points: FeatureCollection<Point, ImpactPointProperties> | null) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const count = changes.length;
  const renamed = patch.id !== undefined;
  const { errors, added, kept } = findings;
  const blocked = errors.length > 0;
  const warnings = added.length;
  const problems = errors.length;
  const keptCount = kept.length;
  const newId = patch.id;
  let label: string;
  if (warnings > 0)
    label = renamed
      ? t`Rename and save with ${plural(warnings, { one: '# warning', other: '# warnings' })}`
      : t`Save with ${plural(warnings, { one: '# warning', other: '# warnings' })}`;
  else
    label = renamed
      ? t`Rename and save ${plural(count, { one: '# change', other: '# changes' })}`
      : t`Save ${plural(count, { one: '# change', other: '# changes' })}`;
  const changesText = plural(count, { one: '# change', other: '# changes' });
  const problemsText = plural(problems, { one: '# problem', other: '# problems' });
  const warningsText = plural(warnings, { one: '# new warning', other: '# new warnings' });
  let summary: string;
  if (blocked && warnings)
    summary = t`${changesText} to branch ${branchId}, with ${problemsText} and ${warningsText}.`;
  else if (blocked) summary = t`${changesText} to branch ${branchId}, with ${problemsText}.`;
  else if (warnings) summary = t`${changesText} to branch ${branchId}, with ${warningsText}.`;
  else summary = t`${changesText} to branch ${branchId}.`;
  const more = (characters: number) =>
    plural(characters, { one: '# more character', other: '# more characters' });
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      dismissible={!saving}
      width="lg"
      title={t`Review changes`}
      description={`${summary} ${t`Only the fields listed are sent; everything else stays as it is on the server.`}`}
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            <Trans>Back to editing</Trans>
          </Button>
          <Button
            variant="primary"
            onClick={onConfirm}
            disabled={saving || count === 0 || blocked}
            aria-busy={saving}
            aria-describedby={blocked ? 'review-errors-title' : undefined}
          >
            {saving ? t`Saving…` : label}
          </Button>
        </>
      }
    >
      <FindingList
        id="review-errors-title"
        tone="error"
        title={plural(problems, { one: '# problem blocks the save', other: '# problems block the save' })}
        note={t`Go back to editing to fix them.`}
        items={errors}
      />
      <FindingList
        id="review-warnings-title"
        tone="warning"
        title={plural(warnings, { one: '# warning', other: '# warnings' })}
        note={t`This save brings them. Saving keeps them as they are; to change them, go back to editing.`}
        items={added}
      />
      <FindingList
        id="review-kept-title"
        tone="kept"
        title={t`Already there (${keptCount})`}
        note={t`These were there at the last save: saving leaves them as they are, without asking again.`}
        items={kept}
      />
      {renamed && (
        <Banner tone="warning">
          <Trans>
            This save changes the branch id from <code>{branchId}</code> to <code>{newId}</code>.
          </Trans>
        </Banner>
      )}
      <ChangeList changes={changes} />
      {zones && onImpactPoints && (
        <ImpactPreview
          branchId={branchId}
          before={zones.before}
          after={zones.after}
          onPoints={onImpactPoints}
        />
      )}
      <details className={s.bodyPreview}>
        <summary>
          <Trans>Request that will be sent</Trans>
        </summary>
        {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the HTTP request as sent */}
        <pre>{`PUT /v1/branches/${encodeURIComponent(branchId)}\n${bodyText(patch, more)}`}</pre>
      </details>
    </Modal>
  );
}
