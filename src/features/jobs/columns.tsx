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
import { JOB_COLUMNS, cellView, type JobColumnDef, type JobColumnId } from './cells';
import { NowContext } from './now';

/** What the table reads of a column beyond its header (./cells.ts). */
export type JobsColumnMeta = Pick<JobColumnDef, 'label' | 'width' | 'numeric'>;

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
