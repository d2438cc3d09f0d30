import { Suspense, useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useConfig } from '../../config';
import { Button, Field, inputClass, preloadable } from '../../ui';
import type { ComboboxOption } from '../../ui/Combobox';
import { formatCount } from './derive';
import { loadSearch } from './useJobSearch';
import { hasFilters, type Filters, type JobsSearch } from './search';
import { PRESETS, fromZonedInput, presetRange, toZonedInput } from './time-range';
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


/** The combobox (its list, keys and matching) loads right after the first rows. */
const LazyCombobox = preloadable(() => import('../../ui/Combobox').then((m) => m.Combobox));

/** The combobox, and until its code is in, the same field showing the value (read-only). */
function Combobox(props: ComponentProps<typeof LazyCombobox>) {
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

function StatusFilter({ value, onChange }: { value: number | undefined; onChange: (v: number | undefined) => void }) {
  const config = useConfig();
  const entries = Object.entries(config.statuses)
    .map(([code, entry]) => ({ code: Number(code), label: entry.label }))
    .sort((a, b) => a.code - b.code);
  const known = value !== undefined && entries.some((e) => e.code === value);
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

function SearchField({
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
  const [draft, setDraft] = useDraft(value ?? '');
  const commit = () => {
    const q = draft.trim() || undefined;
    if (q !== value) onChange(q);
  };
  return (
    <Field label="Search" className={s.filterSearch} describedBy={describedBy}>
      <input
        ref={inputRef}
        className={inputClass}
        type="search"
        value={draft}
        placeholder="Order, job or tracking id, rider, customer, phone"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(e) => {
          setDraft(e.target.value);
          // The field's own clear button empties it: that clears the search at once.
          if (e.target.value === '' && value !== undefined) onChange(undefined);
        }}
        onKeyDown={onEnter(commit)}
        onFocus={() => void loadSearch()}
      />
    </Field>
  );
}

function TimeFilter({
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
  const source = toZonedInput(value, zone);
  const [draft, setDraft] = useDraft(source);
  const commit = () => {
    if (draft === source) return;
    if (draft === '') {
      onCommit(undefined);
      return;
    }
    const epoch = fromZonedInput(draft, zone, edge);
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

export type FilterPatch = Partial<Filters> & { q?: string | undefined };

/**
 * The search and the filters: each one lives in the URL. The status select and the presets
 * apply at once; typed values apply on Enter or when leaving the field (so Back does not step
 * through half-typed text). Esc in any of them goes back to the table.
 */
export function FiltersBar({
  search,
  onChange,
  onClear,
  branches,
  teams,
  zone,
  zoneSource,
  searchRef,
  onEscape,
  zoneSwitch,
}: {
  search: JobsSearch;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  /** Branch suggestions: name and id. */
  branches: ComboboxOption[];
  /** Team ids seen. */
  teams: ComboboxOption[];
  /** The zone the created-time fields read and show. */
  zone: string;
  /** Why that zone, e.g. "branch LDN-01's zone" or "your zone". */
  zoneSource: string;
  searchRef?: Ref<HTMLInputElement>;
  onEscape: () => void;
  /** The "all times in my zone" switch, shown with the zone it changes. */
  zoneSwitch: ReactNode;
}) {
  const config = useConfig();
  const [rangeError, setRangeError] = useState<string>();
  const hintId = useId();
  const searchHintId = useId();
  useEffect(() => {
    void LazyCombobox.preload();
  }, []);

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
    <form
      className={s.filters}
      role="search"
      aria-label="Search and filter jobs"
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onEscape();
        }
      }}
    >
      <div className={s.filterRow}>
        <SearchField value={search.q} onChange={(q) => onChange({ q })} inputRef={searchRef} describedBy={searchHintId} />
        <StatusFilter value={search.status} onChange={(status) => onChange({ status })} />
        <Combobox
          label="Branch"
          value={search.branch_id}
          options={branches}
          onCommit={(branch_id) => onChange({ branch_id })}
          placeholder="Name or id"
          noMatch={(text) => (text ? `No branch known by "${text}": Enter filters on it as an id.` : 'No branches known yet.')}
          className={s.filterBranch}
        />
        <Combobox
          label="Team"
          value={search.team_id}
          options={teams}
          onCommit={(team_id) => onChange({ team_id })}
          placeholder="Team id"
          noMatch={(text) => (text ? `Not seen in the loaded jobs: Enter filters on "${text}".` : 'No team ids seen yet.')}
          className={s.filterTeam}
        />
        <fieldset className={s.range} aria-describedby={hintId}>
          <legend className="visually-hidden">Created between</legend>
          <TimeFilter
            label="Created from"
            value={search.timestamp_from}
            edge="start"
            zone={zone}
            onCommit={setBound('timestamp_from')}
            error={rangeError}
          />
          <TimeFilter label="Created to" value={search.timestamp_to} edge="end" zone={zone} onCommit={setBound('timestamp_to')} />
        </fieldset>
      </div>
      <div className={s.filterFoot}>
        <div className={s.presets} role="group" aria-label="Created time presets">
          <span className={s.presetsLabel} aria-hidden="true">
            Created
          </span>
          {PRESETS.map((p) => (
            <Button
              key={p.id}
              size="sm"
              onClick={() => {
                setRangeError(undefined);
                onChange(presetRange(p.id, zone));
              }}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <div className={s.hints}>
          <p id={searchHintId} className={s.rangeHint}>
            <strong>The service has no search:</strong> Enter in Search scans the filtered jobs page by page (
            {formatCount(config.scanCaps.search)} at most).
          </p>
          <p id={hintId} className={s.rangeHint}>
            Created: when the job was <strong>created</strong> (<code>created_at</code>), both ends included, in{' '}
            <strong>{zone}</strong> ({zoneSource}). <kbd>/</kbd> search · <kbd>Esc</kbd> back to the table.
          </p>
        </div>
        {zoneSwitch}
        <Button size="sm" onClick={onClear} disabled={!hasFilters(search) && search.q === undefined}>
          Clear all
        </Button>
      </div>
    </form>
  );
}
