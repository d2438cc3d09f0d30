import { useEffect, useId, useRef } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { WEEKDAYS, minutesOfDay, type Weekday } from '../../../contract';
import { weekdayNames } from '../form/weekdays';
import { inputMessageOf } from '../form/input-messages';
import { Button, Field, inputClass } from '../../../ui';
import { emptyContact, readDays, to12h, to24h, unknownDays, type BranchFormValues } from '../form/form-model';
import shared from '../branches.module.css';
import s from './ContactsField.module.css';

export const MAX_CONTACTS = 50;

/** A time picker whose value is the wire form `hh:mm AM` (the picker itself works in 24 h). */
function TimeInput({
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  disabled,
  ...rest
}: {
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: (el: HTMLInputElement | null) => void;
  disabled: boolean | undefined;
}) {
  return (
    <input
      {...rest}
      ref={inputRef}
      name={name}
      disabled={disabled}
      type="time"
      step={60}
      className={inputClass}
      value={to24h(value)}
      onChange={(e) => onChange(to12h(e.target.value))}
      onBlur={onBlur}
    />
  );
}

/**
 * A day's toggle, named by its content: the short name seen and the rest of the long name unseen
 * inline ("Mon" + "day"), so the visible text starts the name (WCAG 2.5.3) and reads as one
 * word; where the short name does not start the long one ("lun." and "lundi"), the long name is
 * read in its place.
 */
function DayName({ day }: { day: Weekday }) {
  const { short, long } = weekdayNames(day);
  if (long.startsWith(short))
    return (
      <>
        {short}
        <span className={s.dayRest}>{long.slice(short.length)}</span>
      </>
    );
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{long}</span>
    </>
  );
}

function DayToggles({ index, label }: { index: number; label: string }) {
  const { t } = useLingui();
  const { control } = useFormContext<BranchFormValues>();
  const labelId = useId();
  const errorId = `${labelId}-error`;
  const noteId = `${labelId}-note`;
  return (
    <Controller
      control={control}
      name={`contacts.${index}.work_days`}
      render={({ field, fieldState }) => {
        const days = field.value;
        // Names that are not weekdays stay in the value until the manager removes them.
        const toggle = (day: Weekday) =>
          field.onChange(readDays(days.includes(day) ? days.filter((d) => d !== day) : [...days, day]));
        const others = unknownDays(days);
        const names = others.map((d) => `“${d}”`).join(', ');
        const describedBy = [fieldState.error && errorId, others.length > 0 && noteId]
          .filter(Boolean)
          .join(' ');
        return (
          <div className={s.days}>
            <span id={labelId} className={s.dayLabel}>
              {label}
            </span>
            <div
              role="group"
              aria-labelledby={labelId}
              aria-describedby={describedBy || undefined}
              className={s.dayButtons}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
              }}
            >
              {WEEKDAYS.map((day, k) => (
                <button
                  key={day}
                  ref={k === 0 ? field.ref : undefined}
                  type="button"
                  disabled={field.disabled}
                  className={s.day}
                  aria-pressed={days.includes(day)}
                  title={weekdayNames(day).long}
                  onClick={() => toggle(day)}
                >
                  <DayName day={day} />
                </button>
              ))}
            </div>
            {others.length > 0 && (
              <span id={noteId} className={shared.note}>
                {others.length === 1
                  ? t`Also on the service: ${names}, not an English weekday name.`
                  : t`Also on the service: ${names}, not English weekday names.`}
                {!field.disabled && (
                  <>
                    {' '}
                    {others.length === 1
                      ? t`Kept while the contacts are unchanged; saving changes to contacts needs it removed.`
                      : t`Kept while the contacts are unchanged; saving changes to contacts needs them removed.`}{' '}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => field.onChange(days.filter((d) => !others.includes(d)))}
                    >
                      {t`Remove ${names}`}
                    </Button>
                  </>
                )}
              </span>
            )}
            <span id={errorId} aria-live="polite" className={shared.fieldError}>
              {fieldState.error?.message}
            </span>
          </div>
        );
      }}
    />
  );
}

function OvernightHint({ index }: { index: number }) {
  const timings = useWatch<BranchFormValues, `contacts.${number}.work_timings`>({
    name: `contacts.${index}.work_timings`,
  });
  const from = minutesOfDay(timings?.from ?? '');
  const to = minutesOfDay(timings?.to ?? '');
  if (from === null || to === null || to > from) return null;
  // A warning, not a grey note: saving asks to confirm these hours.
  return (
    <span className={s.hoursWarning}>
      {to < from ? (
        <Trans>Ends before it starts (the next day?): you will be asked to confirm.</Trans>
      ) : (
        <Trans>Starts and ends at the same time: you will be asked to confirm.</Trans>
      )}
    </span>
  );
}

function ContactTitle({
  index,
  headingRef,
}: {
  index: number;
  headingRef: (el: HTMLHeadingElement | null) => void;
}) {
  const name = useWatch<BranchFormValues, `contacts.${number}.name`>({ name: `contacts.${index}.name` });
  const n = index + 1;
  return (
    <h3 className={s.contactTitle} ref={headingRef} tabIndex={-1}>
      <Trans>Contact {n}</Trans>
      {name?.trim() ? <span className={shared.cardCount}>{name.trim()}</span> : null}
    </h3>
  );
}

type Pending =
  { kind: 'move'; key: string; direction: 'up' | 'down' } | { kind: 'remove'; index: number } | null;

/**
 * The contacts of a branch: a field array with add, remove and reorder (buttons named for
 * screen readers, focus kept on the control that acted), time pickers that read and write
 * `hh:mm AM`, seven day toggles, and copying one contact's hours or days to all others.
 */
export function ContactsField() {
  const { t } = useLingui();
  const { control, register, getValues, setValue } = useFormContext<BranchFormValues>();
  // `disabled`: the form is read-only (useForm's own). It reaches the inputs and the Controllers,
  // not the field array's own buttons (add, move, remove, copy), which are then not shown.
  const { errors, disabled } = useFormState({ control, name: 'contacts' });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'contacts' });
  const buttons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());
  const headings = useRef(new Map<string, HTMLHeadingElement | null>());
  const addRef = useRef<HTMLButtonElement | null>(null);
  const pending = useRef<Pending>(null);

  // Focus after reorder and removal (add focuses the new contact's name through react-hook-form).
  useEffect(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    if (p.kind === 'move') {
      const b = buttons.current.get(p.key);
      const wanted = p.direction === 'up' ? b?.up : b?.down;
      const other = p.direction === 'up' ? b?.down : b?.up;
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    } else {
      const next = fields[Math.min(p.index, fields.length - 1)];
      if (next) headings.current.get(next.id)?.focus();
      else addRef.current?.focus();
    }
  }, [fields]);

  const copy = (from: number, what: 'hours' | 'days') => {
    const source = getValues(`contacts.${from}`);
    getValues('contacts').forEach((_, i) => {
      if (i === from) return;
      if (what === 'hours') {
        setValue(
          `contacts.${i}.work_timings`,
          { ...source.work_timings },
          { shouldDirty: true, shouldValidate: true },
        );
      } else {
        setValue(`contacts.${i}.work_days`, [...source.work_days], {
          shouldDirty: true,
          shouldValidate: true,
        });
      }
    });
  };

  const listError = errors.contacts?.message ?? errors.contacts?.root?.message;
  const sentAs = (time: string) => t`Sent as ${time}`;

  return (
    <section className={shared.card} aria-labelledby="contacts-title">
      <div className={shared.cardHeader}>
        <h2 id="contacts-title" className={shared.cardTitle}>
          <Trans>Contacts</Trans>
          <span className={shared.cardCount}>{fields.length}</span>
        </h2>
        {!disabled && (
          <Button
            ref={addRef}
            size="sm"
            disabled={fields.length >= MAX_CONTACTS}
            title={fields.length >= MAX_CONTACTS ? inputMessageOf('tooManyContacts') : undefined}
            onClick={() =>
              append(emptyContact(), { shouldFocus: true, focusName: `contacts.${fields.length}.name` })
            }
          >
            <Trans>Add contact</Trans>
          </Button>
        )}
      </div>
      {listError && (
        <p role="alert" className={shared.actionReasonError} style={{ margin: 0 }}>
          {listError}
        </p>
      )}
      {fields.length === 0 ? (
        <p className={shared.subtle} style={{ margin: 0 }}>
          <Trans>No contacts.</Trans>
          {!disabled && <Trans> Add the people riders and dispatch can call at this branch.</Trans>}
        </p>
      ) : (
        <ol className={s.contacts}>
          {fields.map((f, index) => {
            const e = errors.contacts?.[index];
            const n = index + 1;
            return (
              <li key={f.id} className={s.contact} aria-label={t`Contact ${n}`}>
                <div className={s.contactHeader}>
                  <ContactTitle index={index} headingRef={(el) => void headings.current.set(f.id, el)} />
                  {!disabled && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t`Move contact ${n} up`}
                        title={t`Move up`}
                        disabled={index === 0}
                        ref={(el) => {
                          const entry = buttons.current.get(f.id) ?? { up: null, down: null };
                          entry.up = el;
                          buttons.current.set(f.id, entry);
                        }}
                        onClick={() => {
                          pending.current = { kind: 'move', key: f.id, direction: 'up' };
                          move(index, index - 1);
                        }}
                      >
                        ↑
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t`Move contact ${n} down`}
                        title={t`Move down`}
                        disabled={index === fields.length - 1}
                        ref={(el) => {
                          const entry = buttons.current.get(f.id) ?? { up: null, down: null };
                          entry.down = el;
                          buttons.current.set(f.id, entry);
                        }}
                        onClick={() => {
                          pending.current = { kind: 'move', key: f.id, direction: 'down' };
                          move(index, index + 1);
                        }}
                      >
                        ↓
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t`Remove contact ${n}`}
                        onClick={() => {
                          pending.current = { kind: 'remove', index };
                          remove(index);
                        }}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    </>
                  )}
                </div>
                <div className={shared.contactGrid}>
                  <Field label={t`Name`} error={e?.name?.message}>
                    <input
                      className={inputClass}
                      autoComplete="off"
                      {...register(`contacts.${index}.name`)}
                    />
                  </Field>
                  <Field label={t`Phone`} error={e?.phone?.message}>
                    <input
                      className={inputClass}
                      type="tel"
                      autoComplete="off"
                      {...register(`contacts.${index}.phone`)}
                    />
                  </Field>
                  <Controller
                    control={control}
                    name={`contacts.${index}.work_timings.from`}
                    render={({ field, fieldState }) => (
                      <Field
                        label={t`From`}
                        error={fieldState.error?.message}
                        hint={field.value ? sentAs(field.value) : undefined}
                      >
                        <TimeInput
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          name={field.name}
                          inputRef={field.ref}
                          disabled={field.disabled}
                        />
                      </Field>
                    )}
                  />
                  <Controller
                    control={control}
                    name={`contacts.${index}.work_timings.to`}
                    render={({ field, fieldState }) => (
                      <Field
                        label={t`To`}
                        error={fieldState.error?.message}
                        hint={
                          <>
                            {field.value ? sentAs(field.value) : null} <OvernightHint index={index} />
                          </>
                        }
                      >
                        <TimeInput
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          name={field.name}
                          inputRef={field.ref}
                          disabled={field.disabled}
                        />
                      </Field>
                    )}
                  />
                </div>
                <div className={s.daysRow}>
                  <DayToggles index={index} label={t`Work days`} />
                  {fields.length > 1 && !disabled && (
                    <div className={s.copyActions}>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t`Copy hours of contact ${n} to all contacts`}
                        onClick={() => copy(index, 'hours')}
                      >
                        <Trans>Copy hours to all</Trans>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t`Copy work days of contact ${n} to all contacts`}
                        onClick={() => copy(index, 'days')}
                      >
                        <Trans>Copy days to all</Trans>
                      </Button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
