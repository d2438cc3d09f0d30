/**
 * The riders table's columns and features (TanStack Table): every column sorts with the
 * table's own sorting; "not reporting", "late stops" and "branch" filter with its column
 * filters. The branches of a rider are those of the jobs seen with them.
 */
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../../i18n';
import type { RiderRow } from '../../rules/riders';
import { phoneOf } from '../../rules/customer';
import { formatCount } from '../../lib/count';
import { LiveTime } from '../../job-views';
import { formatFigure, figureBasis } from './figure-text';
import s from './controlRoom.module.css';
import rc from './riders.module.css';

export type RiderColumnMeta = { numeric?: boolean };

export const ridersTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  columnMeta: metaHelper<RiderColumnMeta>(),
});

/** A rider's name, "Rider 12" when the data gives none. */
const riderName = (r: RiderLine) => {
  const riderId = r.id;
  return r.name || i18n._(msg`Rider ${riderId}`);
};

/** A rider row with the branches of their jobs. */
export type RiderLine = RiderRow & { branches: Set<string> };

const helper = createColumnHelper<typeof ridersTableFeatures, RiderLine>();

/** A rider's phone as dialled: "+44 7700 900123". */
export const riderPhone = (r: RiderLine) => phoneOf(r.rider.dial_code, r.rider.mobile);

/** The phone number as a `tel:` URI (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function LastSeen({ row }: { row: RiderLine }) {
  if (row.lastSeen === null)
    return (
      <span className={s.stale}>
        <Trans>no position</Trans>
      </span>
    );
  return (
    <span className={row.stale ? s.stale : undefined}>
      <LiveTime epochSeconds={row.lastSeen} />
      {row.stale && (
        <>
          {' · '}
          <Trans>stale</Trans>
        </>
      )}
    </span>
  );
}

export function riderColumns(
  onSelect: (id: number) => void,
  selected: number | undefined,
  branchName: (id: string) => string,
) {
  const num = { numeric: true };
  return helper.columns([
    helper.accessor(riderName, {
      id: 'rider',
      header: () => <Trans>Rider</Trans>,
      sortFn: sortFn_alphanumeric,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <>
            <button
              type="button"
              className={s.linkButton}
              aria-expanded={r.id === selected}
              aria-controls={r.id === selected ? `rider-card-${r.id}` : undefined}
              onClick={() => onSelect(r.id)}
            >
              {riderName(r)}
            </button>
            <span
              className={rc.refId}
              title={i18n._(msg`The rider’s reference id (its id in the service when none)`)}
            >
              {r.rider.reference_id || `#${r.id}`}
            </span>
          </>
        );
      },
    }),
    helper.accessor((r) => (r.open.length > 0 ? 1 : 0), {
      id: 'onDuty',
      header: () => <Trans>On duty</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      cell: ({ row }) => (row.original.open.length > 0 ? <Trans>On duty</Trans> : <Trans>Off</Trans>),
    }),
    helper.accessor((r) => [...r.branches].map(branchName).sort().join(', '), {
      id: 'branch',
      header: () => <Trans>Branch</Trans>,
      sortFn: sortFn_alphanumeric,
      filterFn: (row, _id, value: string) => row.original.branches.has(value),
      cell: (info) => info.getValue() || '—',
    }),
    helper.accessor((r) => r.open.length, {
      id: 'open',
      header: () => <Trans>Open jobs</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.window?.carrying ?? 0, {
      id: 'carrying',
      header: () => <Trans>Carrying now</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.lateStops, {
      id: 'lateStops',
      header: () => <Trans>Late stops</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      filterFn: (row) => row.original.lateStops > 0,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.lastSeen ?? undefined, {
      id: 'lastSeen',
      header: () => <Trans>Last seen</Trans>,
      sortFn: sortFn_basic,
      sortUndefined: 'last',
      filterFn: (row) => row.original.stale,
      cell: ({ row }) => <LastSeen row={row.original} />,
    }),
    helper.accessor((r) => riderPhone(r), {
      id: 'phone',
      header: () => <Trans>Phone</Trans>,
      sortFn: sortFn_alphanumeric,
      cell: (info) => {
        const phone = info.getValue();
        const name = riderName(info.row.original);
        return phone ? (
          <a href={telHref(phone)} className={rc.tel} aria-label={i18n._(msg`Call ${name}: ${phone}`)}>
            {phone}
          </a>
        ) : (
          <span className={s.sub}>
            <Trans>none</Trans>
          </span>
        );
      },
    }),
    helper.accessor((r) => r.window?.jobs ?? 0, {
      id: 'windowJobs',
      header: () => <Trans>Jobs in window</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.window?.completed ?? 0, {
      id: 'completed',
      header: () => <Trans>Completed</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.window?.failed ?? 0, {
      id: 'failed',
      header: () => <Trans>Failed</Trans>,
      sortFn: sortFn_basic,
      sortDescFirst: true,
      meta: num,
      cell: (info) => formatCount(info.getValue()),
    }),
    helper.accessor((r) => r.window?.onTime.value ?? undefined, {
      id: 'onTime',
      header: () => <Trans>On time</Trans>,
      sortFn: sortFn_basic,
      sortUndefined: 'last',
      sortDescFirst: true,
      meta: num,
      cell: ({ row }) => {
        const w = row.original.window;
        return (
          <span title={w ? figureBasis(w.onTime, 'deliveries') : i18n._(msg`no job in the window`)}>
            {formatFigure(w?.onTime.value ?? null, 'share')}
          </span>
        );
      },
    }),
  ]);
}
