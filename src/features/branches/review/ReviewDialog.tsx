import { useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { BranchPatch } from '../../../contract';
import { Banner, Button, ConfirmDialog } from '../../../ui';
import { Modal } from '../../../ui/Modal';
import { ChangeList } from './ChangeList';
import type { ZoneCollection } from '../form/form-model';
import type { ImpactPointProperties } from '../impact/impact';
import { ImpactPreview } from '../impact/ImpactPreview';
import type { Change } from './review';
import type { ReviewWarning } from './review-warnings';
import s from '../branches.module.css';

const BODY_PREVIEW_LIMIT = 20_000;

function bodyText(patch: BranchPatch): string {
  const text = JSON.stringify({ branch: patch }, null, 2);
  return text.length > BODY_PREVIEW_LIMIT
    ? `${text.slice(0, BODY_PREVIEW_LIMIT)}\n… (${text.length - BODY_PREVIEW_LIMIT} more characters)`
    : text;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The open warnings of the branch as it will be saved, each with what it is about. */
function WarningList({ warnings }: { warnings: readonly ReviewWarning[] }) {
  const title = plural(warnings.length, 'warning', 'warnings');
  return (
    <section className={s.reviewWarnings} aria-labelledby="review-warnings-title">
      <h3 id="review-warnings-title" className={s.reviewWarningsTitle}>
        {title}
      </h3>
      <p>Saving keeps them as they are. To change them, go back to editing.</p>
      <ul aria-labelledby="review-warnings-title">
        {warnings.map((w) => (
          <li key={w.key}>
            <strong>{w.subject}</strong>: {w.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The step before the PUT: the branch's open warnings, every change, field by field, and
 * the exact body that will be sent. With warnings, Save asks once to confirm.
 */
export function ReviewDialog({
  open,
  changes,
  warnings = [],
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
  /** The open warnings of the branch as it will be saved (none: a plain save). */
  warnings?: readonly ReviewWarning[];
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
  const count = changes.length;
  const renamed = patch.id !== undefined;
  const [asking, setAsking] = useState(false);
  const warned = warnings.length > 0;
  const label = warned
    ? `${renamed ? 'Rename and save' : 'Save'} with ${plural(warnings.length, 'warning', 'warnings')}`
    : `${renamed ? 'Rename and save' : 'Save'} ${plural(count, 'change', 'changes')}`;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      dismissible={!saving}
      width="lg"
      title="Review changes"
      description={`${plural(count, 'change', 'changes')} to branch ${branchId}${warned ? `, with ${plural(warnings.length, 'warning', 'warnings')}` : ''}. Only the fields listed are sent; everything else stays as it is on the server.`}
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            Back to editing
          </Button>
          <Button
            variant="primary"
            onClick={warned ? () => setAsking(true) : onConfirm}
            disabled={saving || count === 0}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : label}
          </Button>
        </>
      }
    >
      {warned && <WarningList warnings={warnings} />}
      {renamed && (
        <Banner tone="warning">
          This save changes the branch id from <code>{branchId}</code> to <code>{patch.id}</code>.
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
        <summary>Request that will be sent</summary>
        <pre>{`PUT /v1/branches/${encodeURIComponent(branchId)}\n${bodyText(patch)}`}</pre>
      </details>
      <ConfirmDialog
        open={asking}
        title={`${label}?`}
        confirmLabel={label}
        cancelLabel="Back to the review"
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
        onCancel={() => setAsking(false)}
      >
        {warnings.length === 1
          ? 'The warning listed in the review stays as it is.'
          : `The ${warnings.length} warnings listed in the review stay as they are.`}
      </ConfirmDialog>
    </Modal>
  );
}
