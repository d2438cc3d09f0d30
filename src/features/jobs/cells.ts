/**
 * The jobs table's columns and the content of their cells, written once for two renderers
 * (src/ui/view.ts): React's `createElement` in the table (./columns.tsx), and HTML text in the
 * entry script's first paint (./first-paint.ts), so both show the same markup by construction.
 * No React and no TanStack Table here: this module is part of the entry chunk.
 */
import type { Job, Rider } from '../../contract';
import { describeStatus, type RuntimeConfig } from '../../app/config-read';
import { formatDateTime, formatRelative, formatWindow } from '../../ui/time-format';
import type { Make } from '../../ui/view';
import ui from '../../ui/ui.module.css';
import { earliestOpenSlot, formatAmount, phoneOf, pickupBranches, totalAmount } from './derive';
import s from './jobs.module.css';

export type JobColumnId =
  | 'id'
  | 'order_id'
  | 'type'
  | 'status'
  | 'rider'
  | 'branch'
  | 'pickups'
  | 'deliveries'
  | 'slot'
  | 'amount'
  | 'created_at'
  | 'updated_at';

export type JobColumnDef = {
  id: JobColumnId;
  header: string;
  /** Name in the column chooser (the header may be shorter). */
  label: string;
  /** Width in px (the table has a fixed layout so columns do not jump between pages). */
  width: number;
  numeric?: boolean;
  /** Job id and status are always shown. */
  alwaysShown?: boolean;
};

export const JOB_COLUMNS: readonly JobColumnDef[] = [
  { id: 'id', header: 'Job', label: 'Job id', width: 64, alwaysShown: true },
  { id: 'order_id', header: 'Order', label: 'Order id', width: 108 },
  { id: 'type', header: 'Type', label: 'Type', width: 82 },
  { id: 'status', header: 'Status', label: 'Status', width: 118, alwaysShown: true },
  { id: 'rider', header: 'Rider', label: 'Rider', width: 112 },
  { id: 'branch', header: 'Branch', label: 'Branch (of the pickups)', width: 110 },
  { id: 'pickups', header: 'Pickups', label: 'Pickups (count)', width: 64, numeric: true },
  { id: 'deliveries', header: 'Deliveries', label: 'Deliveries (count)', width: 78, numeric: true },
  { id: 'slot', header: 'Earliest open slot', label: 'Earliest open slot', width: 244 },
  { id: 'amount', header: 'Amount', label: 'Total delivery amount', width: 74, numeric: true },
  { id: 'created_at', header: 'Created', label: 'Created', width: 86 },
  { id: 'updated_at', header: 'Updated', label: 'Updated', width: 86 },
];

/** Above this many rows a page is virtualised (only the rows in view are in the DOM). */
export const VIRTUALISE_ABOVE = 100;
export const ROW_HEIGHT = 36;

/**
 * Rows shown for a big page before its virtual body is in: as many as a window this tall
 * shows, so the screen is full and no row is laid out unseen (40 fixed rows were ~1,000
 * elements of the 1,000-row page's first layout, most of them below the fold on a laptop).
 */
export const firstScreenRows = (viewportHeight: number) => Math.ceil(viewportHeight / ROW_HEIGHT) + 1;

/** What a cell needs besides its job: the status dictionary and the screen's clock (epoch seconds). */
export type CellContext = { statuses: RuntimeConfig['statuses']; now: number | undefined };

function riderContact(rider: Rider): string {
  return [rider.username && `@${rider.username}`, phoneOf(rider.dial_code, rider.mobile), rider.email]
    .filter(Boolean)
    .join(' · ');
}

/** Relative time, with the exact time in the viewer's zone on hover and for screen readers. */
export function timeView<N>(h: Make<N>, epochSeconds: number, now: number | undefined): N {
  const exact = formatDateTime(epochSeconds);
  return h(
    'time',
    { dateTime: new Date(epochSeconds * 1000).toISOString(), title: exact, 'aria-label': exact },
    formatRelative(epochSeconds, now),
  );
}

/** The content of one cell (what goes inside its `<td>`). */
export function cellView<N>(h: Make<N>, column: JobColumnId, job: Job, ctx: CellContext): N | string {
  switch (column) {
    case 'id':
      return h('span', { className: s.mono }, job.id);
    case 'order_id':
      return h('span', { className: `${s.mono} ${s.ellipsis}`, title: job.order_id }, job.order_id || '—');
    case 'type':
      return h('span', { className: s.ellipsis, title: job.type }, job.type || '—');
    case 'status': {
      const info = describeStatus(ctx, job.status);
      const title = info.known ? `Status code ${job.status}` : `Status code ${job.status} is not in the dictionary`;
      return h(
        'span',
        { className: `${ui.badge} ${ui[`tone-${info.tone}`]}`, title },
        info.label,
        h('span', { className: ui.badgeCode }, job.status),
      );
    }
    case 'rider': {
      const rider = job.rider;
      if (!rider) return h('span', { className: s.muted }, 'Unassigned');
      const contact = riderContact(rider);
      return h(
        'span',
        { className: s.ellipsis, title: contact ? `${rider.name} — ${contact}` : rider.name },
        rider.name || `Rider ${rider.id}`,
      );
    }
    case 'branch': {
      const branches = pickupBranches(job);
      const first = branches[0];
      if (!first) return h('span', { className: s.muted }, '—');
      return h(
        'span',
        { className: s.ellipsis, title: branches.map((b) => `${b.name} (${b.id})`).join(', ') },
        first.name || first.id,
        branches.length > 1 && h('span', { className: s.muted }, ` +${branches.length - 1}`),
      );
    }
    case 'pickups':
      return h('span', { title: `${job.pickups.length} pickups` }, job.pickups.length);
    case 'deliveries':
      return h('span', { title: `${job.deliveries.length} deliveries` }, job.deliveries.length);
    case 'slot': {
      const slot = earliestOpenSlot(job);
      if (!slot) return h('span', { className: s.muted }, 'None open');
      const exact = [slot.from, slot.to]
        .filter((v): v is number => v !== null)
        .map(formatDateTime)
        .join(' – ');
      const kind = slot.kind === 'pickup' ? 'Pickup' : 'Delivery';
      return h(
        'span',
        { className: s.ellipsis, title: `${kind} #${slot.id}: ${exact}` },
        h('span', { className: s.slotKind }, kind),
        ' ',
        formatWindow(slot.from, slot.to),
      );
    }
    case 'amount':
      return formatAmount(totalAmount(job));
    case 'created_at':
      return timeView(h, job.created_at, ctx.now);
    case 'updated_at':
      return timeView(h, job.updated_at, ctx.now);
  }
}
