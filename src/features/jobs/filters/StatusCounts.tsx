import { useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { errorMessage, jobsCountQueryOptions, useApi } from '../../../api';
import { jobsQueryToSearchParams } from '../../../contract';
import { describeStatus, useConfig } from '../../../config';
import { formatCount } from '../../../lib/count';
import { type Filters } from '../../../job-views';
import s from '../jobs.module.css';

/**
 * "Failed 212": how many jobs of each configured status match the other filters, one `page=1`
 * request per status reading `total_records` (the interface has no counts); the chip of the
 * status filtered on reads the table's own total instead. Cached and refreshed with the table;
 * a click filters on that status. Off when the runtime config says so.
 */
export function StatusCounts({
  filters,
  tableTotal,
  refetchInterval,
  onChoose,
}: {
  filters: Filters;
  /** `total_records` of the table's current filters, once loaded. */
  tableTotal: number | undefined;
  refetchInterval: number | false;
  onChoose: (status: number | undefined) => void;
}) {
  const { t } = useLingui();
  const api = useApi();
  const config = useConfig();
  const { status: chosen, ...base } = filters;
  const entries = Object.keys(config.statuses)
    .map((code) => describeStatus(config, Number(code)))
    .sort((a, b) => a.code - b.code);
  const statuses = [undefined, ...entries.map((e) => e.code)];
  const counts = useQueries({
    queries: statuses.map((status) => ({
      ...jobsCountQueryOptions(api, status === undefined ? base : { ...base, status }),
      refetchInterval,
      // The table asks the same: its total is this count.
      enabled: status !== chosen,
    })),
  });
  const countOf = (index: number) => (statuses[index] === chosen ? tableTotal : counts[index]!.data);
  const ready = statuses.every((_, i) => countOf(i) !== undefined);

  /** ←/→ (and Home/End) move the focus along the chips, the way a toolbar does (→ leftwards right to left). */
  const moveAlong = (e: KeyboardEvent<HTMLDivElement>) => {
    const chips = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = chips.indexOf(e.target as HTMLButtonElement);
    if (at < 0) return;
    const forward = getComputedStyle(e.currentTarget).direction === 'rtl' ? -1 : 1;
    const next =
      e.key === 'ArrowRight'
        ? at + forward
        : e.key === 'ArrowLeft'
          ? at - forward
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? chips.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    chips[(next + chips.length) % chips.length]!.focus();
  };

  const couldNotCount = (reason: string) => t`Could not count: ${reason}`;
  const chip = (status: number | undefined, label: string, index: number) => {
    const count = counts[index]!;
    const pressed = chosen === status;
    const n = countOf(index);
    const value =
      n !== undefined ? formatCount(n) : count.isError ? '?' : <span className={s.countPending}>…</span>;
    return (
      <button
        key={status ?? 'all'}
        type="button"
        className={s.chip}
        aria-pressed={pressed}
        // One Tab stop for the row (the chosen chip); ←/→, Home and End move along it.
        tabIndex={pressed ? 0 : -1}
        title={count.isError ? couldNotCount(errorMessage(count.error)) : undefined}
        onClick={() => onChoose(pressed || status === undefined ? undefined : status)}
      >
        {label} <span className={`${s.chipCount} num`}>{value}</span>
      </button>
    );
  };

  return (
    <div
      className={s.chips}
      role="toolbar"
      aria-label={t`Jobs by status`}
      onKeyDown={moveAlong}
      aria-busy={!ready || undefined}
      data-counts-ready={ready ? jobsQueryToSearchParams(base).toString() || 'all' : undefined}
    >
      {chip(undefined, t`All`, 0)}
      {entries.map((e, i) => chip(e.code, e.label, i + 1))}
    </div>
  );
}
