import { useMemo } from 'react';
import type { Branch } from '../../../contract';
import { Button, formatDateTime } from '../../../ui';
import { Modal } from '../../../ui/Modal';
import { ChangeList } from './ChangeList';
import { FIELDS, changedFields, type PatchField } from '../form/fields';
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
  const names = (fields: Iterable<PatchField>) => [...fields].map((f) => FIELDS[f].label).join(', ');
  const who = fresh.updated_by?.user_name || fresh.updated_by?.user_id;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      dismissible={!saving}
      width="lg"
      title="This branch changed on the server"
      description={
        <>
          It was saved at {formatDateTime(fresh.updated_at)}
          {who ? ` by ${who}` : ''}, after you opened it (your copy is from{' '}
          {formatDateTime(loaded.updated_at)}). Your edits are still here.
        </>
      }
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            Keep editing
          </Button>
          <Button onClick={onReload} disabled={saving}>
            Reload, keep my edits
          </Button>
          <Button
            variant={overlapping.size ? 'danger' : 'primary'}
            onClick={onOverwrite}
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : 'Overwrite with my changes'}
          </Button>
        </>
      }
    >
      {serverChanges.length > 0 ? (
        <>
          <p style={{ margin: '0 0 4px' }}>Changed on the server:</p>
          <ChangeList changes={serverChanges} flagged={overlapping} flagText="you changed this too" />
        </>
      ) : (
        <p>None of the fields in this form changed on the server (something else about the branch did).</p>
      )}
      <p style={{ fontSize: 'var(--text-sm)', color: 'var(--text-2)' }}>
        <strong>Reload</strong> takes the server’s version and re-applies your changes to{' '}
        {myFields.length ? names(myFields) : 'nothing'}, so you can review again. <strong>Overwrite</strong>{' '}
        sends your changed fields as they are
        {overlapping.size ? `, replacing the server’s ${names(overlapping)}` : ''}; fields you did not change
        keep the server’s values.
      </p>
    </Modal>
  );
}
