import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Field, inputClass } from './Field';
import { foldText } from '../lib/fold';
import s from './combobox.module.css';

export type ComboboxOption = {
  /** What is committed (an id). */
  value: string;
  /** What a person reads and types (a name); the value when there is none. */
  label: string;
  /** Quiet text beside the label (the id, when the label is a name). */
  detail?: string;
};

const MAX_SHOWN = 50;

type ControlProps = {
  value: string | undefined;
  options: readonly ComboboxOption[];
  onCommit: (value: string | undefined) => void;
  placeholder?: string;
  /** What to say when nothing matches the typed text (it can still be committed as it is). */
  noMatch: (text: string) => ReactNode;
  id?: string;
  'aria-describedby'?: string;
};

function ComboboxControl({
  value,
  options,
  onCommit,
  placeholder,
  noMatch,
  id,
  'aria-describedby': describedBy,
}: ControlProps) {
  const { t } = useLingui();
  const listId = useId();
  const shown = options.find((o) => o.value === value)?.label ?? value ?? '';
  const [draft, setDraft] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Typed since the last commit: the list narrows to the text (before, it shows every option). */
  const [typed, setTyped] = useState(false);
  // The committed value changed from outside (Back, Clear all, a saved view): show it.
  if (seen !== shown) {
    setSeen(shown);
    setDraft(shown);
  }

  const needle = typed ? foldText(draft) : '';
  const matches = options
    .filter(
      (o) =>
        !needle ||
        foldText(o.label).includes(needle) ||
        foldText(o.value).includes(needle) ||
        foldText(o.detail ?? '').includes(needle),
    )
    .slice(0, MAX_SHOWN);
  const activeOption = open ? matches[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const commit = (next: string | undefined) => {
    setTyped(false);
    close();
    const text = next?.trim() || undefined;
    setDraft(options.find((o) => o.value === text)?.label ?? text ?? '');
    if (text !== value) onCommit(text);
  };
  /** Typed text as a value: an option whose label or value it spells, else the text itself. */
  const resolve = (text: string) => {
    const folded = foldText(text);
    if (!folded) return undefined;
    return options.find((o) => foldText(o.label) === folded || foldText(o.value) === folded)?.value ?? text;
  };
  const accept = () => {
    if (activeOption) commit(activeOption.value);
    else if (typed) commit(resolve(draft));
    else close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : matches.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      accept();
    } else if (e.key === 'Escape' && (open || draft !== shown)) {
      // First Esc closes the list and puts back what is applied; the next one is the page's.
      e.preventDefault();
      setTyped(false);
      close();
      setDraft(shown);
    }
  };

  return (
    <div className={s.root}>
      <input
        id={id}
        className={inputClass}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(e) => {
          setTyped(true);
          setDraft(e.target.value);
          setOpen(true);
          setActive(e.target.value.trim() ? 0 : -1);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => setOpen(true)}
        onBlur={() => {
          if (open || draft !== shown) accept();
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className={s.list} hidden={!open} aria-label={t`Suggestions`}>
        {open && matches.length === 0 && (
          <li className={s.empty} role="presentation">
            {noMatch(draft.trim())}
          </li>
        )}
        {open &&
          matches.map((o, i) => (
            <li
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={s.option}
              // Keeps the focus in the field (the click commits, the blur must not).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => commit(o.value)}
              onMouseMove={() => setActive(i)}
            >
              <span className={s.optionLabel}>{o.label}</span>
              {o.detail && <span className={s.optionDetail}>{o.detail}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}

/**
 * A labelled text field with a list of suggestions (the WAI-ARIA combobox pattern): typing
 * narrows the list and highlights the first match, arrows move, Enter or leaving the field
 * takes the highlighted one (or the typed text as it is), Esc closes the list and puts back
 * what is applied. The field shows an option's label; what is committed is its value.
 */
export function Combobox({
  label,
  hint,
  className,
  ...control
}: Omit<ControlProps, 'id' | 'aria-describedby'> & {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <Field label={label} hint={hint} className={className}>
      <ComboboxControl {...control} />
    </Field>
  );
}
