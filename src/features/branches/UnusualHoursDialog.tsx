import { ConfirmDialog } from '../../ui';
import type { UnusualHours } from './form-model';
import s from './branches.module.css';

/** Before the review: contacts whose hours end before they start (overnight, or a slip of AM and PM?). */
export function UnusualHoursDialog({
  contacts,
  onSave,
  onChange,
}: {
  /** The contacts to ask about; none: the dialog is closed. */
  contacts: readonly UnusualHours[];
  /** Keep the hours as they are and go on to the review. */
  onSave: () => void;
  /** Go back to change them. */
  onChange: () => void;
}) {
  return (
    <ConfirmDialog
      open={contacts.length > 0}
      title="Hours that end before they start"
      confirmLabel="Save these hours"
      cancelLabel="Change the hours"
      onConfirm={onSave}
      onCancel={onChange}
    >
      <ul className={s.dialogList}>
        {contacts.map((c) => (
          <li key={c.index}>
            Contact {c.index + 1}
            {c.name ? ` (${c.name})` : ''}:{' '}
            {c.kind === 'overnight'
              ? `${c.from} to ${c.to}, ending the next day.`
              : `starts and ends at ${c.from}.`}
          </li>
        ))}
      </ul>
      Save them as they are, or change them (an AM that should be PM, say)?
    </ConfirmDialog>
  );
}
