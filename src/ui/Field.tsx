import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import s from './ui.module.css';

type FieldProps = {
  label: ReactNode;
  /** The control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  /** Ids of more descriptions of the control, placed elsewhere on the page. */
  describedBy?: string;
};

/**
 * A labelled control with its hint and its own error message next to it. The error is
 * linked by aria-describedby and announced politely to screen readers.
 */
export function Field({ label, children, hint, error, className, hideLabel, describedBy: more }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, more].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })
    : children;
  const controlId = (isValidElement(children) && (children.props.id as string | undefined)) || id;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : s.label}>
        {label}
      </label>
      {control}
      {hint && (
        <span id={hintId} className={s.hint}>
          {hint}
        </span>
      )}
      <span id={errorId} className={s.error} aria-live="polite">
        {error}
      </span>
    </div>
  );
}

export const inputClass = s.input;
