import type { BranchPatch } from '../../contract';
import { Banner, Button } from '../../ui';
import { Modal } from '../../ui/Modal';
import { ChangeList } from './ChangeList';
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
  onConfirm,
  onCancel,
}: {
  open: boolean;
  changes: Change[];
  patch: BranchPatch;
  branchId: string;
  saving: boolean;
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
      <details className={s.bodyPreview}>
        <summary>Request that will be sent</summary>
        <pre>{`PUT /v1/branches/${encodeURIComponent(branchId)}\n${bodyText(patch)}`}</pre>
      </details>
    </Modal>
  );
}
