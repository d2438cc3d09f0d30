import { functionalUpdate, useTable, type ColumnVisibilityState } from '@tanstack/react-table';
import { useState } from 'react';
import type { Job } from '../../../contract';
import { loadColumnVisibility, saveColumnVisibility } from '../settings';
import { jobColumns, jobsTableFeatures } from './columns';

/** Columns set aside while a job is open beside the table, which is narrower then. */
const SET_ASIDE = ['type', 'stops', 'amount', 'created_at', 'updated_at'];
const rowId = (job: Job) => String(job.id);

/**
 * The jobs table's model: the rows, and the columns the viewer chose (remembered in this
 * browser). With a job open beside it (`panelBeside`), the table sets some columns aside; the
 * choice saved is untouched by that, and a choice made meanwhile is saved without them.
 */
export function useJobsTable(rows: Job[], panelBeside: boolean) {
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(loadColumnVisibility);
  const setAside = panelBeside ? SET_ASIDE : [];
  const visibility = setAside.length
    ? { ...columnVisibility, ...Object.fromEntries(setAside.map((id) => [id, false])) }
    : columnVisibility;
  const table = useTable({
    features: jobsTableFeatures,
    columns: jobColumns,
    data: rows,
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
  return { table, setAside };
}
