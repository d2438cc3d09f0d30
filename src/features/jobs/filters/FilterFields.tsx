/**
 * The jobs filters' fields: the search, the status (with any other code), the comboboxes and the
 * created-time bounds. Each typed one keeps a draft while typed and applies it on Enter or when
 * left; a bound applies from its popover (Enter or Apply).
 */
import { useLingui } from '@lingui/react/macro';
import { Suspense, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { describeStatus, useConfig } from '../../../config';
import { Button, Field, inputClass, preloadable } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { latinDigits } from '../../../lib/digits';
import { preloadSearch } from '../search/useJobSearch';
import { toZonedInput } from './time-range';
import s from './filters.module.css';

/** A draft that follows its source value when the source changes (Back/Forward, Clear all). */
function useDraft(source: string): [string, (v: string) => void] {
  const [draft, setDraft] = useState(source);
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setDraft(source);
  }
  return [draft, setDraft];
}

const onEnter = (commit: () => void) => (e: KeyboardEvent<HTMLElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    commit();
  }
};

/** The combobox (its list, keys and matching) loads right after the first rows. */
export const LazyCombobox = preloadable(() => import('../../../ui/Combobox').then((m) => m.Combobox));

/** The combobox, and until its code is in, the same field showing the value (read-only). */
export function Combobox(props: ComponentProps<typeof LazyCombobox>) {
  const shown = props.options.find((o) => o.value === props.value)?.label ?? props.value ?? '';
  return (
    <Suspense
      fallback={
        <Field label={props.label} className={props.className}>
          <input className={inputClass} value={shown} placeholder={props.placeholder} readOnly />
        </Field>
      }
    >
      <LazyCombobox {...props} />
    </Suspense>
  );
}

/** Keys that open a select's list: a choice made there applies at once. */
const OPENS_LIST = new Set([' ', 'F4']);

export function StatusFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const config = useConfig();
  const entries = Object.keys(config.statuses)
    .map((code) => describeStatus(config, Number(code)))
    .sort((a, b) => a.code - b.code);
  const known = value !== undefined && entries.some((e) => e.code === value);
  const { t } = useLingui();
  const example = formatCount(12);
  const [otherMode, setOtherMode] = useState(false);
  const showOther = otherMode || (value !== undefined && !known);
  const [code, setCode] = useDraft(value !== undefined && !known ? String(value) : '');
  const [error, setError] = useState<string>();
  const applied = showOther ? 'other' : value === undefined ? '' : String(value);
  // Arrow keys and typing on a closed select change its value at each key: those changes wait
  // for Enter or for leaving the field (as a native select's own change does elsewhere); a
  // choice made in the open list, by pointer or keys, applies at once.
  const [keyed, setKeyed] = useState<string | null>(null);
  const selectValue = keyed ?? applied;

  const apply = (v: string) => {
    setKeyed(null);
    setError(undefined);
    if (v === 'other') {
      setOtherMode(true);
      return;
    }
    setOtherMode(false);
    setCode('');
    const next = v === '' ? undefined : Number(v);
    if (next !== value || showOther) onChange(next);
  };
  const fromKeys = useRef(false);

  const commitCode = () => {
    const text = latinDigits(code.trim());
    if (text === '') {
      setError(undefined);
      if (value !== undefined && !known) onChange(undefined);
      return;
    }
    if (!/^\d{1,9}$/.test(text)) {
      setError(t`Type a whole number, e.g. ${example}`);
      return;
    }
    setError(undefined);
    if (Number(text) !== value) onChange(Number(text));
  };

  return (
    <>
      <Field label={t`Status`} className={s.filterStatus}>
        <select
          className={inputClass}
          value={selectValue}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              if (keyed !== null) {
                e.preventDefault();
                apply(keyed);
              }
            } else if (!OPENS_LIST.has(e.key) && !e.altKey) {
              fromKeys.current = e.key !== 'Tab' && e.key !== 'Escape';
            }
          }}
          onChange={(e) => {
            const v = e.target.value;
            if (fromKeys.current) {
              fromKeys.current = false;
              setKeyed(v);
            } else apply(v);
          }}
          onBlur={() => {
            fromKeys.current = false;
            if (keyed !== null) apply(keyed);
          }}
        >
          <option value="">{t`Any status`}</option>
          {entries.map((e) => (
            <option key={e.code} value={e.code}>
              {e.label} ({e.code})
            </option>
          ))}
          <option value="other">{t`Other code…`}</option>
        </select>
      </Field>
      {showOther && (
        <Field label={t`Status code`} error={error} className={s.filterCode}>
          <input
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t`e.g. ${example}`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onBlur={commitCode}
            onKeyDown={onEnter(commitCode)}
          />
        </Field>
      )}
    </>
  );
}

export function SearchField({
  value,
  onChange,
  inputRef,
  describedBy,
}: {
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
  describedBy: string;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useDraft(value ?? '');
  const commit = () => {
    const q = draft.trim() || undefined;
    if (q !== value) onChange(q);
  };
  return (
    <Field label={t`Search`} className={s.filterSearch} describedBy={describedBy}>
      <input
        ref={inputRef}
        className={inputClass}
        type="search"
        value={draft}
        placeholder={t`Order, job or tracking id, rider, customer, phone`}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(e) => {
          setDraft(e.target.value);
          // The field's own clear button empties it: that clears the search at once.
          if (e.target.value === '' && value !== undefined) onChange(undefined);
        }}
        onKeyDown={onEnter(commit)}
        // The search's matching (and phone metadata) loads while the person types.
        onFocus={preloadSearch}
      />
    </Field>
  );
}

/** A created-time bound's popover: its code loads when the button is first pointed at or focused. */
const TimeBoundPanel = preloadable(() => import('./TimeBoundPanel').then((m) => m.default));
const preloadTimePanel = () => void TimeBoundPanel.preload();

/**
 * A created-time bound: one button (one Tab stop, where a datetime-local field takes seven)
 * showing the bound in `zone`, opening a popover with its date-time field. (Not PopoverButton:
 * that would bring the popover's loader into the first load.)
 */
export function TimeFilter({
  label,
  value,
  edge,
  zone,
  onCommit,
  error,
}: {
  label: string;
  value: number | undefined;
  edge: 'start' | 'end';
  zone: string;
  onCommit: (v: number | undefined) => boolean;
  error?: string;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const source = toZonedInput(value, zone);
  const shown = source.replace('T', ' ') || t`any`;
  return (
    <>
      <Field label={label} error={error} className={s.filterTime}>
        <Button
          ref={ref}
          className={s.timeButton}
          aria-label={t`${label}: ${shown}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          onFocus={preloadTimePanel}
          onPointerEnter={preloadTimePanel}
          onClick={() => setOpen(!open)}
        >
          <span className="num">{shown}</span>
          <span aria-hidden="true">▾</span>
        </Button>
      </Field>
      {open && (
        <Suspense fallback={null}>
          <TimeBoundPanel
            anchorRef={ref}
            onClose={() => setOpen(false)}
            label={label}
            source={source}
            edge={edge}
            zone={zone}
            onCommit={onCommit}
          />
        </Suspense>
      )}
    </>
  );
}
