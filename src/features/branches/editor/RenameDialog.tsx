import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BranchId } from '../../../contract';
import { inputMessage } from '../form/input-messages';
import { Button, Field, inputClass } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { Modal } from '../../../ui/Modal';
import s from '../branches.module.css';

/** Changing a branch id is explicit: a dialog that explains what the new id breaks. */
export function RenameDialog({
  open,
  currentId,
  originalId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** The id in the form now. */
  currentId: string;
  /** The id on the server. */
  originalId: string;
  onConfirm: (newId: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const shortest = formatCount(1);
  const longest = formatCount(64);
  const [value, setValue] = useState(currentId);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const id = value.trim();
    const r = BranchId.safeParse(id);
    if (!r.success) {
      setError(r.error.issues[0] ? inputMessage(r.error.issues[0].message) : t`Not a valid id`);
      return;
    }
    if (id === currentId) {
      setError(id === originalId ? t`This is the current id` : t`This is already the new id`);
      return;
    }
    onConfirm(id);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={t`Change the branch id?`}
      description={
        <Trans>
          The id is how links, bookmarks and job filters find this branch (<code>/branches/{originalId}</code>
          , <code>branch_id={originalId}</code>). After saving a new id, those links and filters using{' '}
          <code>{originalId}</code> stop finding it. Jobs of the branch follow the new id.
        </Trans>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={t`New id`}
          error={error}
          hint={t`${shortest}-${longest} letters, digits, dots, dashes or underscores`}
        >
          <input
            className={`${inputClass} ${s.mono}`}
            value={value}
            autoFocus
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <div className={s.actionButtons} style={{ justifyContent: 'flex-end', marginTop: 'var(--space-4)' }}>
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary">
            <Trans>Change id</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
