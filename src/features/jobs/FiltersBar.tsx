import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useConfig } from '../../config';
import { Button, Field, inputClass, viewerTimeZone } from '../../ui';
import { hasFilters, type Filters, type JobsSearch } from './search';
import { PRESETS, fromLocalInput, presetRange, toLocalInput } from './time-range';
import s from './jobs.module.css';

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

export type KnownBranch = { id: string; name: string };

function StatusFilter({
  value,
  onChange,
  selectRef,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const config = useConfig();
  const entries = Object.entries(config.statuses)
    .map(([code, entry]) => ({ code: Number(code), label: entry.label }))
    .sort((a, b) => a.code - b.code);
  const known = value !== undefined && entries.some((e) => e.code === value);
  const [otherMode, setOtherMode] = useState(false);
  const showOther = otherMode || (value !== undefined && !known);
  const [code, setCode] = useDraft(value !== undefined && !known ? String(value) : '');
  const [error, setError] = useState<string>();
  const selectValue = showOther ? 'other' : value === undefined ? '' : String(value);

  const commitCode = () => {
    const text = code.trim();
    if (text === '') {
      setError(undefined);
      if (value !== undefined && !known) onChange(undefined);
      return;
    }
    if (!/^\d{1,9}$/.test(text)) {
      setError('Type a whole number, e.g. 12');
      return;
    }
    setError(undefined);
    if (Number(text) !== value) onChange(Number(text));
  };

  return (
    <>
      <Field label="Status" className={s.filterStatus}>
        <select
          ref={selectRef}
          className={inputClass}
          value={selectValue}
          onChange={(e) => {
            const v = e.target.value;
            setError(undefined);
            if (v === 'other') {
              setOtherMode(true);
              return;
            }
            setOtherMode(false);
            setCode('');
            onChange(v === '' ? undefined : Number(v));
          }}
        >
          <option value="">Any status</option>
          {entries.map((e) => (
            <option key={e.code} value={e.code}>
              {e.label} ({e.code})
            </option>
          ))}
          <option value="other">Other code…</option>
        </select>
      </Field>
      {showOther && (
        <Field label="Status code" error={error} className={s.filterCode}>
          <input
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 12"
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

function TextFilter({
  label,
  value,
  onChange,
  placeholder,
  options,
  className,
}: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  placeholder?: string;
  options?: KnownBranch[];
  className?: string;
}) {
  const [draft, setDraft] = useDraft(value ?? '');
  const listId = useId();
  const commit = (text = draft) => {
    const v = text.trim() || undefined;
    if (v !== value) onChange(v);
  };
  return (
    <>
      <Field label={label} className={className}>
        <input
          className={inputClass}
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          list={options ? listId : undefined}
          maxLength={100}
          onChange={(e) => {
            setDraft(e.target.value);
            // Picking a suggestion applies it at once; typed text applies on Enter or on leaving the field.
            const native = e.nativeEvent as Partial<InputEvent>;
            const picked = native.inputType === 'insertReplacementText' || native.inputType === undefined;
            if (options && picked && options.some((o) => o.id === e.target.value)) commit(e.target.value);
          }}
          onBlur={() => commit()}
          onKeyDown={onEnter(() => commit())}
        />
      </Field>
      {options && (
        <datalist id={listId}>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}

function TimeFilter({
  label,
  value,
  edge,
  onCommit,
  error,
}: {
  label: string;
  value: number | undefined;
  edge: 'start' | 'end';
  onCommit: (v: number | undefined) => boolean;
  error?: string;
}) {
  const source = toLocalInput(value);
  const [draft, setDraft] = useDraft(source);
  const commit = () => {
    if (draft === source) return;
    if (draft === '') {
      onCommit(undefined);
      return;
    }
    const epoch = fromLocalInput(draft, edge);
    if (epoch !== null) onCommit(epoch);
  };
  return (
    <Field label={label} error={error} className={s.filterTime}>
      <input
        className={inputClass}
        type="datetime-local"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onEnter(commit)}
      />
    </Field>
  );
}

/**
 * The filters: each one lives in the URL. Selects and presets apply at once; typed values
 * apply on Enter or when leaving the field (so Back does not step through half-typed text).
 */
export function FiltersBar({
  search,
  onChange,
  onClear,
  branches,
  firstFilterRef,
}: {
  search: JobsSearch;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  branches: KnownBranch[];
  firstFilterRef?: Ref<HTMLSelectElement>;
}) {
  const [rangeError, setRangeError] = useState<string>();
  const zone = viewerTimeZone();
  const hintId = useId();

  const setBound = (key: 'timestamp_from' | 'timestamp_to') => (v: number | undefined) => {
    const from = key === 'timestamp_from' ? v : search.timestamp_from;
    const to = key === 'timestamp_to' ? v : search.timestamp_to;
    if (from !== undefined && to !== undefined && from > to) {
      setRangeError('The start is after the end.');
      return false;
    }
    setRangeError(undefined);
    onChange({ [key]: v });
    return true;
  };

  return (
    <form className={s.filters} role="search" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()}>
      <StatusFilter
        value={search.status}
        onChange={(status) => onChange({ status })}
        selectRef={firstFilterRef}
      />
      <TextFilter
        label="Branch"
        value={search.branch_id}
        onChange={(branch_id) => onChange({ branch_id })}
        placeholder="e.g. LDN-01"
        options={branches}
        className={s.filterBranch}
      />
      <TextFilter
        label="Team"
        value={search.team_id}
        onChange={(team_id) => onChange({ team_id })}
        placeholder="Team id"
        className={s.filterTeam}
      />
      <fieldset className={s.range} aria-describedby={hintId}>
        <legend className="visually-hidden">Created between</legend>
        <TimeFilter
          label="Created from"
          value={search.timestamp_from}
          edge="start"
          onCommit={setBound('timestamp_from')}
          error={rangeError}
        />
        <TimeFilter
          label="Created to"
          value={search.timestamp_to}
          edge="end"
          onCommit={setBound('timestamp_to')}
        />
        <div className={s.presets} role="group" aria-label="Created time presets">
          {PRESETS.map((p) => (
            <Button
              key={p.id}
              size="sm"
              onClick={() => {
                setRangeError(undefined);
                onChange(presetRange(p.id));
              }}
            >
              {p.label}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className={s.clearAll}>
        <Button size="sm" onClick={onClear} disabled={!hasFilters(search)}>
          Clear all
        </Button>
      </div>
      <p id={hintId} className={s.rangeHint}>
        Created from / to filter on when the job was <strong>created</strong> (<code>created_at</code>), both
        ends included. Times in {zone}. Press <kbd>/</kbd> to come back here.
      </p>
    </form>
  );
}
