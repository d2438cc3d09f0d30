import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  tableFeatures,
} from '@tanstack/react-table';
import { createElement, useContext, type ReactNode } from 'react';
import type { Job } from '../../contract';
import { useConfig } from '../../app/config-context';
import type { Make } from '../../ui/view';
import { JOB_COLUMNS, cellView, type JobColumnId } from './cells';
import { NowContext } from './now';

export type JobsColumnMeta = {
  /** Name in the column chooser (the header may be shorter). */
  label: string;
  numeric?: boolean;
  /** Width in px (the table has a fixed layout so columns do not jump between pages). */
  width: number;
};

/** Only what the screen uses: visibility and (manual, server-side) pagination. No sorting: the interface has none. */
export const jobsTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnMeta: metaHelper<JobsColumnMeta>(),
});

const helper = createColumnHelper<typeof jobsTableFeatures, Job>();
const make = createElement as Make<ReactNode>;

/** A cell's content (./cells.ts, shared with the first paint), with the screen's dictionary and clock. */
function JobCell({ column, job }: { column: JobColumnId; job: Job }) {
  const config = useConfig();
  const now = useContext(NowContext);
  return cellView(make, column, job, { statuses: config.statuses, now });
}

export const jobColumns = helper.columns(
  JOB_COLUMNS.map((c) =>
    helper.display({
      id: c.id,
      header: c.header,
      enableHiding: !c.alwaysShown,
      meta: { label: c.label, width: c.width, numeric: c.numeric },
      cell: (info) => <JobCell column={c.id} job={info.row.original} />,
    }),
  ),
);

export { loadColumnVisibility, saveColumnVisibility } from './settings';
