/**
 * The jobs screen's view in words, and the rule for what the table's place says when it has no
 * row: the active filters described ("status Delivered (7), branch LDN-01"), the table's
 * caption, and which empty state applies. Pure: the screen, NoRows and the search status read
 * them, and the unit tests check them with known answers.
 */
import type { ScanPhase } from '../../../api';
import type { JobsResponse } from '../../../contract';
import { describeStatus, type RuntimeConfig } from '../../../config';
import { formatShort, viewerTimeZone, zoneName } from '../../../ui/time-format';
import type { Filters } from '../../../job-views';
import { i18n } from '../../../i18n';
import { formatCount } from '../../../lib/count';
import { msg } from '@lingui/core/macro';

/** What goes between the parts of a list in the chosen language (", " in English, "، " in Arabic). */
export function listSeparator(): string {
  return i18n._(
    msg({ message: ', ', comment: 'Between the parts of a list: "status Failed (8), branch LDN-01"' }),
  );
}

/** The active filters' parts (and a caption's) in one run: "status Failed (8), branch LDN-01". */
export function joinParts(parts: readonly string[]): string {
  return parts.join(listSeparator());
}

/** "status Delivered (7)", "branch LDN-01", "created from 21 Nov, 09:00 GMT": one part per active filter. */
export function describeFilters(
  filters: Partial<Filters>,
  config: Pick<RuntimeConfig, 'statuses'>,
  zone: string = viewerTimeZone(),
): string[] {
  const parts: string[] = [];
  const { status: code, branch_id: branch, team_id: team } = filters;
  if (code !== undefined) {
    const status = describeStatus(config, code).label;
    parts.push(i18n._(msg`status ${status} (${code})`));
  }
  if (branch) parts.push(i18n._(msg`branch ${branch}`));
  if (team) parts.push(i18n._(msg`team ${team}`));
  const at = (t: number) => `${formatShort(t, zone)} ${zoneName(t, zone)}`;
  const { timestamp_from: fromTime, timestamp_to: toTime } = filters;
  const from = fromTime === undefined ? undefined : at(fromTime);
  const to = toTime === undefined ? undefined : at(toTime);
  if (from !== undefined && to !== undefined) parts.push(i18n._(msg`created ${from} to ${to}`));
  else if (from !== undefined) parts.push(i18n._(msg`created from ${from}`));
  else if (to !== undefined) parts.push(i18n._(msg`created up to ${to}`));
  return parts;
}

/** Why the table has no row to show (NoRows.tsx says it, with the way on). */
export type NoRowsReason =
  | { kind: 'searching' }
  | { kind: 'none-late'; loaded: number; q?: string }
  /** "Late only" over the whole result: none among the open jobs read (`read` of `open`) so far. */
  | { kind: 'none-late-open'; phase: ScanPhase; read: number; open: number }
  | { kind: 'no-match'; q: string; cappedAt: number | null }
  | { kind: 'past-end'; page: number; totalRecords: number; totalPages: number }
  | { kind: 'none-match-filters' }
  | { kind: 'no-jobs' };

/** What the table would show, as far as the empty states care. */
export type TableView = {
  /** The search, when there is one: its text, whether its scan still reads, how many jobs it read when the cap stopped it. */
  search: { q: string; reading: boolean; cappedAt: number | null } | null;
  /** The page asked for. */
  page: number;
  /** The page of jobs as loaded (undefined until one is). */
  loaded: Pick<JobsResponse, 'jobs' | 'total_pages' | 'total_records'> | undefined;
  /** The jobs before "late only": the page's, or the search's matches. */
  shown: number;
  /** The rows after "late only". */
  rows: number;
  /** Some filter is active. */
  filtered: boolean;
};

/** Which empty state applies; null when there are rows, or nothing is loaded yet. */
export function noRowsReason(view: TableView): NoRowsReason | null {
  const { search, loaded } = view;
  if (view.rows > 0) return null;
  if (search) {
    if (search.reading) return { kind: 'searching' };
    if (view.shown > 0) return { kind: 'none-late', loaded: view.shown, q: search.q };
    return { kind: 'no-match', q: search.q, cappedAt: search.cappedAt };
  }
  if (!loaded) return null;
  if (loaded.jobs.length > 0) return { kind: 'none-late', loaded: loaded.jobs.length };
  if (view.page > loaded.total_pages && loaded.total_records > 0)
    return {
      kind: 'past-end',
      page: view.page,
      totalRecords: loaded.total_records,
      totalPages: loaded.total_pages,
    };
  return view.filtered ? { kind: 'none-match-filters' } : { kind: 'no-jobs' };
}

/**
 * The table's caption: "Jobs, page 2 of 10, status Failed (8), late only", "Jobs matching “ravi”",
 * "Late jobs of the whole result, branch LDN-01" (`whole`: late only over the whole result).
 */
export function tableCaption(view: {
  q: string | null;
  page: number;
  totalPages: number;
  filterText: string[];
  lateOnly: boolean;
  whole?: boolean;
}): string {
  const { q: query } = view;
  const page = formatCount(view.page);
  const totalPages = formatCount(view.totalPages);
  const what =
    query !== null
      ? i18n._(msg`Jobs matching “${query}”`)
      : view.whole
        ? i18n._(msg`Late jobs of the whole result`)
        : i18n._(msg`Jobs, page ${page} of ${totalPages}`);
  return joinParts([
    what,
    ...view.filterText,
    ...(view.lateOnly && !view.whole ? [i18n._(msg`late only`)] : []),
  ]);
}
