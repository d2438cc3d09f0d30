import { functionalUpdate, useTable, type ColumnVisibilityState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useConfig } from '../../../config';
import { lateRule, lateSince, type LateRule } from '../../../rules/lateness';
import type { Job } from '../../../contract';
import { loadColumnVisibility, saveColumnVisibility } from '../../../job-views';
import { jobColumns, jobsTableFeatures } from './columns';

/** Columns set aside while a job is open beside the table, which is narrower then. */
const SET_ASIDE = ['type', 'stops', 'amount', 'created_at', 'updated_at'];
const rowId = (job: Job) => String(job.id);

/** The one sortable column's order: 'desc' is the latest job first. */
export type LateSort = 'desc' | 'asc' | null;
const NEXT_SORT = { none: 'desc', desc: 'asc', asc: null } as const;

/** What the table's header needs to sort a column of the loaded rows. */
export type ColumnSort = { columnId: string; direction: LateSort; toggle: () => void };

/**
 * The loaded rows by how late they are: by where their lateness counts from (`lateSince`),
 * which orders them as their lateness does at every moment, so the order holds as the screen's
 * clock moves. Jobs that cannot be late come last either way; ties keep the service's order.
 */
function byLateness(rows: Job[], rule: Pick<LateRule, 'isFinal'>, direction: 'desc' | 'asc'): Job[] {
  const since = new Map(rows.map((job) => [job, lateSince(job, rule)]));
  const sign = direction === 'desc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = since.get(a)!;
    const y = since.get(b)!;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

/**
 * The jobs table's model: the rows (in the service's order, or by lateness when the viewer
 * sorts the Late column; a late list (`lateList`) starts with the latest first), and the columns the viewer chose (remembered in this browser). With
 * a job open beside it (`panelBeside`), the table sets some columns aside; the choice saved is
 * untouched by that, and a choice made meanwhile is saved without them.
 */
export function useJobsTable(rows: Job[], panelBeside: boolean, lateList = false) {
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(loadColumnVisibility);
  const config = useConfig();
  const [lateSort, setLateSort] = useState<LateSort>(lateList ? 'desc' : null);
  const [sortFor, setSortFor] = useState(lateList);
  if (sortFor !== lateList) {
    setSortFor(lateList);
    setLateSort(lateList ? 'desc' : null);
  }
  const data = useMemo(
    () => (lateSort ? byLateness(rows, lateRule(config), lateSort) : rows),
    [rows, config, lateSort],
  );
  const sort: ColumnSort = {
    columnId: 'late',
    direction: lateSort,
    toggle: () => setLateSort((d) => NEXT_SORT[d ?? 'none']),
  };
  const setAside = panelBeside ? SET_ASIDE : [];
  const visibility = setAside.length
    ? { ...columnVisibility, ...Object.fromEntries(setAside.map((id) => [id, false])) }
    : columnVisibility;
  const table = useTable({
    features: jobsTableFeatures,
    columns: jobColumns,
    data,
    getRowId: rowId,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((prev) => {
        const next = { ...functionalUpdate(updater, visibility) };
        for (const id of setAside) {
          if (id in prev) next[id] = prev[id]!;
          else delete next[id];
        }
        saveColumnVisibility(next);
        return next;
      }),
  });
  return { table, setAside, sort };
}
