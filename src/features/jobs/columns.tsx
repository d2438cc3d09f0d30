import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Job, Rider } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { Badge, formatDateTime, formatWindow } from '../../ui';
import { earliestOpenSlot, formatAmount, phoneOf, pickupBranches, totalAmount } from './derive';
import { LiveTime } from './now';
import s from './jobs.module.css';

/** What the table reads of a column beyond its header. */
export type JobsColumnMeta = {
  /** Name in the column chooser (the header may be shorter). */
  label: string;
  /** Width in px (the table has a fixed layout so columns do not jump between pages). */
  width: number;
  numeric?: boolean;
};

/** Only what the screen uses: visibility and (manual, server-side) pagination. No sorting: the interface has none. */
export const jobsTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnMeta: metaHelper<JobsColumnMeta>(),
});

/** Above this many rows a page is virtualised (only the rows in view are in the DOM). */
export const VIRTUALISE_ABOVE = 100;
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 34;

const helper = createColumnHelper<typeof jobsTableFeatures, Job>();

function riderContact(rider: Rider): string {
  return [rider.username && `@${rider.username}`, phoneOf(rider.dial_code, rider.mobile), rider.email]
    .filter(Boolean)
    .join(' · ');
}

function StatusCell({ job }: { job: Job }) {
  const config = useConfig();
  const info = describeStatus(config, job.status);
  const title = info.known ? `Status code ${job.status}` : `Status code ${job.status} is not in the dictionary`;
  return (
    <Badge tone={info.tone} code={job.status} title={title}>
      {info.label}
    </Badge>
  );
}

function RiderCell({ rider }: { rider: Rider | null }) {
  if (!rider) return <span className={s.muted}>Unassigned</span>;
  const contact = riderContact(rider);
  return (
    <span className={s.ellipsis} title={contact ? `${rider.name} — ${contact}` : rider.name}>
      {rider.name || `Rider ${rider.id}`}
    </span>
  );
}

function BranchCell({ job }: { job: Job }) {
  const branches = pickupBranches(job);
  const first = branches[0];
  if (!first) return <span className={s.muted}>—</span>;
  return (
    <span className={s.ellipsis} title={branches.map((b) => `${b.name} (${b.id})`).join(', ')}>
      {first.name || first.id}
      {branches.length > 1 && <span className={s.muted}> +{branches.length - 1}</span>}
    </span>
  );
}

function SlotCell({ job }: { job: Job }) {
  const slot = earliestOpenSlot(job);
  if (!slot) return <span className={s.muted}>None open</span>;
  const exact = [slot.from, slot.to]
    .filter((v): v is number => v !== null)
    .map(formatDateTime)
    .join(' – ');
  const kind = slot.kind === 'pickup' ? 'Pickup' : 'Delivery';
  return (
    <span className={s.ellipsis} title={`${kind} #${slot.id}: ${exact}`}>
      <span className={s.slotKind}>{kind}</span> {formatWindow(slot.from, slot.to)}
    </span>
  );
}

type ColumnSpec = JobsColumnMeta & {
  id: string;
  header: string;
  /** Job id and status are always shown. */
  alwaysShown?: boolean;
  cell: (job: Job) => ReactNode;
};

const COLUMNS: ColumnSpec[] = [
  { id: 'id', header: 'Job', label: 'Job id', width: 64, alwaysShown: true, cell: (job) => <span className={s.mono}>{job.id}</span> },
  {
    id: 'order_id',
    header: 'Order',
    label: 'Order id',
    width: 108,
    cell: (job) => (
      <span className={`${s.mono} ${s.ellipsis}`} title={job.order_id}>
        {job.order_id || '—'}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    label: 'Type',
    width: 82,
    cell: (job) => (
      <span className={s.ellipsis} title={job.type}>
        {job.type || '—'}
      </span>
    ),
  },
  { id: 'status', header: 'Status', label: 'Status', width: 118, alwaysShown: true, cell: (job) => <StatusCell job={job} /> },
  { id: 'rider', header: 'Rider', label: 'Rider', width: 112, cell: (job) => <RiderCell rider={job.rider} /> },
  { id: 'branch', header: 'Branch', label: 'Branch (of the pickups)', width: 110, cell: (job) => <BranchCell job={job} /> },
  {
    id: 'pickups',
    header: 'Pickups',
    label: 'Pickups (count)',
    width: 64,
    numeric: true,
    cell: (job) => <span title={`${job.pickups.length} pickups`}>{job.pickups.length}</span>,
  },
  {
    id: 'deliveries',
    header: 'Deliveries',
    label: 'Deliveries (count)',
    width: 78,
    numeric: true,
    cell: (job) => <span title={`${job.deliveries.length} deliveries`}>{job.deliveries.length}</span>,
  },
  { id: 'slot', header: 'Earliest open slot', label: 'Earliest open slot', width: 244, cell: (job) => <SlotCell job={job} /> },
  {
    id: 'amount',
    header: 'Amount',
    label: 'Total delivery amount',
    width: 74,
    numeric: true,
    cell: (job) => formatAmount(totalAmount(job)),
  },
  { id: 'created_at', header: 'Created', label: 'Created', width: 86, cell: (job) => <LiveTime epochSeconds={job.created_at} /> },
  { id: 'updated_at', header: 'Updated', label: 'Updated', width: 86, cell: (job) => <LiveTime epochSeconds={job.updated_at} /> },
];

export const jobColumns = helper.columns(
  COLUMNS.map((c) =>
    helper.display({
      id: c.id,
      header: c.header,
      enableHiding: !c.alwaysShown,
      meta: { label: c.label, width: c.width, numeric: c.numeric },
      cell: (info) => c.cell(info.row.original),
    }),
  ),
);

export { loadColumnVisibility, saveColumnVisibility } from './settings';
