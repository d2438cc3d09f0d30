import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  tableFeatures,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import type { Job, Rider } from '../../contract';
import { formatDateTime, formatWindow } from '../../ui';
import { earliestOpenSlot, formatAmount, phoneOf, pickupBranches, totalAmount } from './derive';
import { LiveTime } from './now';
import { StatusBadge } from './StatusBadge';
import s from './jobs.module.css';

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

function riderContact(rider: Rider): string {
  return [rider.username && `@${rider.username}`, phoneOf(rider.dial_code, rider.mobile), rider.email]
    .filter(Boolean)
    .join(' · ');
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
  const title = branches.map((b) => `${b.name} (${b.id})`).join(', ');
  return (
    <span className={s.ellipsis} title={title}>
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
  return (
    <span
      className={s.ellipsis}
      title={`${slot.kind === 'pickup' ? 'Pickup' : 'Delivery'} #${slot.id}: ${exact}`}
    >
      <span className={s.slotKind}>{slot.kind === 'pickup' ? 'Pickup' : 'Delivery'}</span>{' '}
      {formatWindow(slot.from, slot.to)}
    </span>
  );
}

export const jobColumns = helper.columns([
  helper.accessor('id', {
    header: 'Job',
    enableHiding: false,
    meta: { label: 'Job id', width: 64 },
    cell: (info) => <span className={s.mono}>{info.getValue()}</span>,
  }),
  helper.accessor('order_id', {
    header: 'Order',
    meta: { label: 'Order id', width: 108 },
    cell: (info) => (
      <span className={`${s.mono} ${s.ellipsis}`} title={info.getValue()}>
        {info.getValue() || '—'}
      </span>
    ),
  }),
  helper.accessor('type', {
    header: 'Type',
    meta: { label: 'Type', width: 82 },
    cell: (info) => (
      <span className={s.ellipsis} title={info.getValue()}>
        {info.getValue() || '—'}
      </span>
    ),
  }),
  helper.accessor('status', {
    header: 'Status',
    enableHiding: false,
    meta: { label: 'Status', width: 118 },
    cell: (info) => <StatusBadge code={info.getValue()} />,
  }),
  helper.accessor('rider', {
    header: 'Rider',
    meta: { label: 'Rider', width: 112 },
    cell: (info) => <RiderCell rider={info.getValue()} />,
  }),
  helper.display({
    id: 'branch',
    header: 'Branch',
    meta: { label: 'Branch (of the pickups)', width: 110 },
    cell: (info) => <BranchCell job={info.row.original} />,
  }),
  helper.accessor((job) => job.pickups.length, {
    id: 'pickups',
    header: 'Pickups',
    meta: { label: 'Pickups (count)', numeric: true, width: 64 },
    cell: (info) => <span title={`${info.getValue()} pickups`}>{info.getValue()}</span>,
  }),
  helper.accessor((job) => job.deliveries.length, {
    id: 'deliveries',
    header: 'Deliveries',
    meta: { label: 'Deliveries (count)', numeric: true, width: 78 },
    cell: (info) => <span title={`${info.getValue()} deliveries`}>{info.getValue()}</span>,
  }),
  helper.display({
    id: 'slot',
    header: 'Earliest open slot',
    meta: { label: 'Earliest open slot', width: 244 },
    cell: (info) => <SlotCell job={info.row.original} />,
  }),
  helper.accessor((job) => totalAmount(job), {
    id: 'amount',
    header: 'Amount',
    meta: { label: 'Total delivery amount', numeric: true, width: 74 },
    cell: (info) => formatAmount(info.getValue()),
  }),
  helper.accessor('created_at', {
    header: 'Created',
    meta: { label: 'Created', width: 86 },
    cell: (info) => <LiveTime epochSeconds={info.getValue()} />,
  }),
  helper.accessor('updated_at', {
    header: 'Updated',
    meta: { label: 'Updated', width: 86 },
    cell: (info) => <LiveTime epochSeconds={info.getValue()} />,
  }),
]);

const VISIBILITY_KEY = 'dispatch.jobs.columns';

/** The column chooser's choice, remembered per browser (localStorage); unreadable values are ignored. */
export function loadColumnVisibility(): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(VISIBILITY_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

export function saveColumnVisibility(state: ColumnVisibilityState): void {
  try {
    localStorage.setItem(VISIBILITY_KEY, JSON.stringify(state));
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
}
