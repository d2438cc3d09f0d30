import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type Ref } from 'react';
import { scaleExtensionQueryOptions, useApi } from '../../../api';
import { useConfig } from '../../../config';
import { Button, Drawer, useMediaQuery, viewerTimeZone } from '../../../ui';
import type { ComboboxOption } from '../../../ui/Combobox';
import { formatCount } from '../../../lib/count';
import { hasFilters, type Filters, type JobsSearch } from '../../../job-views';
import { Combobox, LazyCombobox, SearchField, StatusFilter, TimeFilter } from './FilterFields';
import { PRESETS, presetRange } from './time-range';
import s from './filters.module.css';

/** Below this width the filters (all but the search) sit in a sheet behind a "Filters" button. */
const SHEET = '(max-width: 1099px)';

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
  viewerZone,
  onViewerZone,
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
  /** "All times in my zone": on, each time shows in the viewer's zone, not its branch's. */
  viewerZone: boolean;
  onViewerZone: (on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const config = useConfig();
  // Whether the service searches all jobs (found once per app; the search asks the same).
  const serviceSearch = useQuery(scaleExtensionQueryOptions(useApi())).data === true;
  const [rangeError, setRangeError] = useState<string>();
  const hintId = useId();
  const searchHintId = useId();
  const sheet = useMediaQuery(SHEET);
  const [sheetOpen, setSheetOpen] = useState(false);
  const set = [
    search.status,
    search.branch_id,
    search.team_id,
    search.timestamp_from ?? search.timestamp_to,
  ].filter((v) => v !== undefined).length;
  useEffect(() => {
    void LazyCombobox.preload();
  }, []);

  const setBound = (key: 'timestamp_from' | 'timestamp_to') => (v: number | undefined) => {
    const from = key === 'timestamp_from' ? v : search.timestamp_from;
    const to = key === 'timestamp_to' ? v : search.timestamp_to;
    if (from !== undefined && to !== undefined && from > to) {
      setRangeError(t`The start is after the end.`);
      return false;
    }
    setRangeError(undefined);
    onChange({ [key]: v });
    return true;
  };

  const fields = (
    <>
      <StatusFilter value={search.status} onChange={(status) => onChange({ status })} />
      <Combobox
        label={t`Branch`}
        value={search.branch_id}
        options={branches}
        onCommit={(branch_id) => onChange({ branch_id })}
        placeholder={t`Name or id`}
        noMatch={(text) =>
          text ? t`No branch known by "${text}": Enter filters on it as an id.` : t`No branches known yet.`
        }
        className={s.filterBranch}
      />
      <Combobox
        label={t`Team`}
        value={search.team_id}
        options={teams}
        onCommit={(team_id) => onChange({ team_id })}
        placeholder={t`Team id`}
        noMatch={(text) =>
          text ? t`Not seen in the loaded jobs: Enter filters on "${text}".` : t`No team ids seen yet.`
        }
        className={s.filterTeam}
      />
      <fieldset className={s.range} aria-describedby={hintId}>
        <legend className="visually-hidden">
          <Trans>Created between</Trans>
        </legend>
        <TimeFilter
          label={t`Created from`}
          value={search.timestamp_from}
          edge="start"
          zone={zone}
          onCommit={setBound('timestamp_from')}
          error={rangeError}
        />
        <TimeFilter
          label={t`Created to`}
          value={search.timestamp_to}
          edge="end"
          zone={zone}
          onCommit={setBound('timestamp_to')}
        />
      </fieldset>
    </>
  );
  const searchCap = formatCount(config.scanCaps.search);
  // Below the search on narrow screens (hidden there: it describes the search field).
  const searchHint = (
    <p id={searchHintId} className={s.rangeHint} hidden={sheet}>
      {serviceSearch ? (
        <Trans>
          <strong>Search covers all jobs:</strong> Enter in Search lists the loaded jobs’ matches at once,
          then the service’s search of all jobs.
        </Trans>
      ) : (
        <Trans>
          <strong>The service has no search:</strong> Enter in Search scans the filtered jobs page by page (
          {searchCap} at most).
        </Trans>
      )}
    </p>
  );
  const viewer = viewerTimeZone();
  const foot = (
    <div className={s.filterFoot}>
      <div className={s.presets} role="group" aria-label={t`Created time presets`}>
        <span className={s.presetsLabel} aria-hidden="true">
          <Trans>Created</Trans>
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
            {i18n._(p.label)}
          </Button>
        ))}
      </div>
      <div className={s.hints}>
        {!sheet && searchHint}
        <p id={hintId} className={s.rangeHint}>
          <Trans>
            Created: when the job was <strong>created</strong> (<code>created_at</code>), both ends included,
            in <strong>{zone}</strong> ({zoneSource}). <kbd>/</kbd> search · <kbd>Esc</kbd> back to the table.
          </Trans>
        </p>
      </div>
      <label className={s.zoneSwitch} title={t`Otherwise each time shows in its branch's zone`}>
        <input type="checkbox" checked={viewerZone} onChange={(e) => onViewerZone(e.target.checked)} />
        <Trans>All times in my zone ({viewer})</Trans>
      </label>
      <Button size="sm" onClick={onClear} disabled={!hasFilters(search) && search.q === undefined}>
        <Trans>Clear all</Trans>
      </Button>
    </div>
  );

  return (
    <form
      className={s.filters}
      role="search"
      aria-label={t`Search and filter jobs`}
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onEscape();
        }
      }}
    >
      <div className={s.filterRow}>
        <SearchField
          value={search.q}
          onChange={(q) => onChange({ q })}
          inputRef={searchRef}
          describedBy={searchHintId}
        />
        {sheet ? (
          <Button aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
            {set ? t`Filters (${set})` : t`Filters`}
          </Button>
        ) : (
          fields
        )}
      </div>
      {sheet ? (
        <>
          {searchHint}
          <Drawer
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            title={t`Filters`}
            description={t`Each applies as you set it.`}
          >
            <div className={s.sheet}>
              {fields}
              {foot}
            </div>
          </Drawer>
        </>
      ) : (
        foot
      )}
    </form>
  );
}
