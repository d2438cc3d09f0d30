import {
  functionalUpdate,
  useTable,
  type ColumnVisibilityState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useConfig } from '../../../config';
import { lateRule } from '../../../rules/lateness';
import type { Job } from '../../../contract';
import { loadColumnVisibility, saveColumnVisibility } from '../../../job-views';
import { jobColumns, jobsTableFeatures, selectColumn } from './columns';

/** Columns set aside while a job is open beside the table, which is narrower then. */
const SET_ASIDE = ['type', 'stops', 'amount', 'created_at', 'updated_at'];
const rowId = (job: Job) => String(job.id);

/** A late list starts with the latest job first. */
const LATEST_FIRST: SortingState = [{ id: 'late', desc: true }];

/**
 * The jobs table's model: the rows (in the service's order, or by lateness when the viewer
 * sorts the Late column with the table's own sorting; a late list (`lateList`) starts with the
 * latest first), and the columns the viewer chose (remembered in this browser). With a job
 * open beside it (`panelBeside`), the table sets some columns aside; the choice saved is
 * untouched by that, and a choice made meanwhile is saved without them. With `selectable` (the
 * service offers job actions), a first column selects rows; the selection is of the rows shown
 * (`selectionKey` changing, another page or filter, clears it).
 */
export function useJobsTable(
  rows: Job[],
  panelBeside: boolean,
  lateList = false,
  selectable = false,
  selectionKey = '',
) {
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(loadColumnVisibility);
  const config = useConfig();
  const [sorting, setSorting] = useState<SortingState>(lateList ? LATEST_FIRST : []);
  const [sortFor, setSortFor] = useState(lateList);
  if (sortFor !== lateList) {
    setSortFor(lateList);
    setSorting(lateList ? LATEST_FIRST : []);
  }
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [selectionFor, setSelectionFor] = useState(selectionKey);
  if (selectionFor !== selectionKey) {
    setSelectionFor(selectionKey);
    setRowSelection({});
  }
  const columns = useMemo(() => {
    const base = jobColumns(lateRule(config));
    return selectable ? [selectColumn, ...base] : base;
  }, [config, selectable]);
  const setAside = panelBeside ? SET_ASIDE : [];
  const visibility = setAside.length
    ? { ...columnVisibility, ...Object.fromEntries(setAside.map((id) => [id, false])) }
    : columnVisibility;
  const table = useTable({
    features: jobsTableFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    state: { columnVisibility: visibility, sorting, rowSelection },
    onSortingChange: setSorting,
    enableRowSelection: selectable,
    onRowSelectionChange: setRowSelection,
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
  const selected = selectable ? rows.filter((job) => rowSelection[rowId(job)]) : [];
  return {
    table,
    setAside,
    sortedByLateness: sorting.length > 0,
    selected,
    clearSelection: () => setRowSelection({}),
  };
}
