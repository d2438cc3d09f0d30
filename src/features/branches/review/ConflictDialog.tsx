import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Branch } from '../../../contract';
import { Button, formatDateTime } from '../../../ui';
import { Modal } from '../../../ui/Modal';
import { ChangeList } from './ChangeList';
import { changedFields, fieldLabel, type PatchField } from '../form/fields';
import { toFormValues, type BranchFormValues } from '../form/form-model';
import { reviewChanges } from './review';

/**
 * Shown when the branch changed on the server between loading it and saving: what changed
 * there, which of those fields the manager changed too, and the choice between reloading
 * (the server's version with the manager's edits re-applied) and overwriting.
 */
export function ConflictDialog({
  open,
  base,
  loaded,
  fresh,
  mine,
  saving,
  onReload,
  onOverwrite,
  onCancel,
}: {
  open: boolean;
  /** The branch as loaded, in form values. */
  base: BranchFormValues;
  loaded: Branch;
  fresh: Branch;
  mine: BranchFormValues;
  saving: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { serverChanges, overlapping, myFields } = useMemo(() => {
    const theirs = toFormValues(fresh);
    const theirFields = new Set(changedFields(base, theirs));
    const myFields = changedFields(base, mine);
    return {
      serverChanges: reviewChanges(base, theirs),
      overlapping: new Set<PatchField>(myFields.filter((f) => theirFields.has(f))),
      myFields,
    };
  }, [base, fresh, mine]);
  const names = (fields: Iterable<PatchField>) => [...fields].map(fieldLabel).join(', ');
  const who = fresh.updated_by?.user_name || fresh.updated_by?.user_id;
  const savedAt = formatDateTime(fresh.updated_at);
  const yoursAt = formatDateTime(loaded.updated_at);
  const mineNames = myFields.length ? names(myFields) : t`nothing`;
  const theirNames = names(overlapping);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      dismissible={!saving}
      width="lg"
      title={t`This branch changed on the server`}
      description={
        who ? (
          <Trans>
            It was saved at {savedAt} by <bdi>{who}</bdi>, after you opened it (your copy is from {yoursAt}).
            Your edits are still here.
          </Trans>
        ) : (
          <Trans>
            It was saved at {savedAt}, after you opened it (your copy is from {yoursAt}). Your edits are still
            here.
          </Trans>
        )
      }
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            <Trans>Keep editing</Trans>
          </Button>
          <Button onClick={onReload} disabled={saving}>
            <Trans>Reload, keep my edits</Trans>
          </Button>
          <Button
            variant={overlapping.size ? 'danger' : 'primary'}
            onClick={onOverwrite}
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? t`Saving…` : t`Overwrite with my changes`}
          </Button>
        </>
      }
    >
      {serverChanges.length > 0 ? (
        <>
          <p style={{ margin: '0 0 4px' }}>
            <Trans>Changed on the server:</Trans>
          </p>
          <ChangeList changes={serverChanges} flagged={overlapping} flagText={t`you changed this too`} />
        </>
      ) : (
        <p>
          <Trans>
            None of the fields in this form changed on the server (something else about the branch did).
          </Trans>
        </p>
      )}
      <p style={{ fontSize: 'var(--text-sm)', color: 'var(--text-2)' }}>
        <Trans>
          <strong>Reload</strong> takes the server’s version and re-applies your changes to {mineNames}, so
          you can review again.
        </Trans>{' '}
        {overlapping.size ? (
          <Trans>
            <strong>Overwrite</strong> sends your changed fields as they are, replacing the server’s{' '}
            {theirNames}; fields you did not change keep the server’s values.
          </Trans>
        ) : (
          <Trans>
            <strong>Overwrite</strong> sends your changed fields as they are; fields you did not change keep
            the server’s values.
          </Trans>
        )}
      </p>
    </Modal>
  );
}
