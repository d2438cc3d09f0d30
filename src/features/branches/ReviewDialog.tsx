import type { FeatureCollection, Point } from 'geojson';
import type { BranchPatch } from '../../contract';
import { Banner, Button } from '../../ui';
import { Modal } from '../../ui/Modal';
import { ChangeList } from './ChangeList';
import type { ZoneCollection } from './form-model';
import type { ImpactPointProperties } from './impact';
import { ImpactPreview } from './ImpactPreview';
import type { Change } from './review';
import s from './branches.module.css';

const BODY_PREVIEW_LIMIT = 20_000;

function bodyText(patch: BranchPatch): string {
  const text = JSON.stringify({ branch: patch }, null, 2);
  return text.length > BODY_PREVIEW_LIMIT
    ? `${text.slice(0, BODY_PREVIEW_LIMIT)}\n… (${text.length - BODY_PREVIEW_LIMIT} more characters)`
    : text;
}

/** The step before the PUT: every change, field by field, and the exact body that will be sent. */
export function ReviewDialog({
  open,
  changes,
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
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      dismissible={!saving}
      width="lg"
      title="Review changes"
      description={`${count} ${count === 1 ? 'change' : 'changes'} to branch ${branchId}. Only the fields listed are sent; everything else stays as it is on the server.`}
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            Back to editing
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={saving || count === 0} aria-busy={saving}>
            {saving
              ? 'Saving…'
              : renamed
                ? `Rename and save ${count} ${count === 1 ? 'change' : 'changes'}`
                : `Save ${count} ${count === 1 ? 'change' : 'changes'}`}
          </Button>
        </>
      }
    >
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
    </Modal>
  );
}
