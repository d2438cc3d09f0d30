/**
 * The fields both action dialogs draw (one job's, JobActionDialog; a selection's,
 * BulkActionDialog): what to do, the status to move to, the remark, and the dialog's two
 * buttons. Each dialog keeps its own state and checks; these only draw it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { REMARKS_MAX } from '../../contract';
import { Button, Field, inputClass } from '../../ui';
import { StatusBadge } from '../StatusBadge';
import s from './actions.module.css';

/** "What to do": one radio a choice. */
export function ActionChoice<K extends string>({
  name,
  choices,
  value,
  onChange,
}: {
  name: string;
  choices: readonly (readonly [K, string])[];
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <fieldset className={s.choices}>
      <legend className={s.legend}>
        <Trans>What to do</Trans>
      </legend>
      {choices.map(([choice, text]) => (
        <label key={choice} className={s.choice}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

/** "Move to": the statuses offered, each as its badge; `none` said when there is none. */
export function StatusChoice({
  name,
  codes,
  value,
  onChange,
  error,
  none,
}: {
  name: string;
  codes: readonly number[];
  value: number | undefined;
  onChange: (code: number) => void;
  error: string | undefined;
  none: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={s.choices} aria-describedby={error ? errorId : undefined}>
      <legend className={s.legend}>
        <Trans>Move to</Trans>
      </legend>
      {codes.length === 0 && <p className={s.muted}>{none}</p>}
      {codes.map((code) => (
        <label key={code} className={s.choice}>
          <input
            type="radio"
            name={name}
            value={code}
            checked={value === code}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(code)}
          />
          <StatusBadge code={code} />
        </label>
      ))}
      <span id={errorId} className={s.error} aria-live="polite">
        {error}
      </span>
    </fieldset>
  );
}

/** The remark recorded with the action (required for "Add a remark"). */
export function RemarksField({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const max = REMARKS_MAX;
  return (
    <Field label={label} hint={t`${hint}; at most ${max} characters.`} error={error}>
      <textarea
        className={`${inputClass} ${s.remarks}`}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** The dialog's buttons: close (or cancel), and the action, which submits `form`. */
export function DialogButtons({
  close,
  onClose,
  closeDisabled,
  form,
  submit,
  danger,
  sending,
}: {
  close: string;
  onClose: () => void;
  closeDisabled?: boolean;
  form: string;
  /** The action's button; none when there is nothing to send. */
  submit: ReactNode | null;
  danger: boolean;
  sending?: boolean;
}) {
  return (
    <div className={s.dialogButtons}>
      <Button onClick={onClose} disabled={closeDisabled}>
        {close}
      </Button>
      {submit !== null && (
        <Button
          type="submit"
          form={form}
          variant={danger ? 'danger' : 'primary'}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {submit}
        </Button>
      )}
    </div>
  );
}
