import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Job, Rider } from '../../../contract';
import { currencyOf, describeJobType, describeStatus, useConfig } from '../../../config';
import { Badge, formatWindow, inViewerZone } from '../../../ui';
import {
  jobTimeZone,
  useScreenNow,
  useDisplayZone,
  formatAmounts,
  amountsOf,
  LiveTime,
} from '../../../job-views';
import { formatCount } from '../../../lib/count';
import { phoneOf } from '../../../rules/customer';
import { jobBranches } from '../../../rules/job-branch';
import { earliestOpenSlot, jobLateness, lateRule, lateSince, type LateRule } from '../../../rules/lateness';
import s from './table.module.css';
import { i18n } from '../../../i18n';
import { formatDuration } from '../../../ui';

/** What the table reads of a column beyond its header. */
export type JobsColumnMeta = {
  /** Name in the column chooser (the header may be shorter), from the catalog. */
  label: MessageDescriptor;
  /** Width in px (the table has a fixed layout so columns do not jump between pages). */
  width: number;
  numeric?: boolean;
};

/**
 * Only what the screen uses: visibility and sorting of the loaded rows (the interface sorts by
 * nothing, so only the Late column sorts, and only the rows loaded; pages stay the service's),
 * and the selection of rows for an action on several jobs (where the service offers actions).
 */
export const jobsTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  columnMeta: metaHelper<JobsColumnMeta>(),
});

const helper = createColumnHelper<typeof jobsTableFeatures, Job>();

function riderContact(rider: Rider): string {
  return [rider.username && `@${rider.username}`, phoneOf(rider.dial_code, rider.mobile), rider.email]
    .filter(Boolean)
    .join(' · ');
}

/** The type's label (its code on hover); a code the dictionary does not name, as sent. */
function TypeCell({ job }: { job: Job }) {
  const config = useConfig();
  const { t } = useLingui();
  if (!job.type) return '—';
  const info = describeJobType(config, job.type);
  const code = info.code;
  const title = info.known ? t`Type code ${code}` : t`Type code ${code} is not in the dictionary`;
  return (
    <span className={s.ellipsis} title={title}>
      {info.label}
    </span>
  );
}

/** The status label alone (its code on hover); how late the job is has its own column. */
function StatusCell({ job }: { job: Job }) {
  const config = useConfig();
  const { t } = useLingui();
  const info = describeStatus(config, job.status);
  const code = job.status;
  const title = info.known ? t`Status code ${code}` : t`Status code ${code} is not in the dictionary`;
  return (
    <span className={s.statusCell}>
      <Badge tone={info.tone} title={title}>
        {info.label}
      </Badge>
    </span>
  );
}

/** "late 42 min" at the screen's clock; empty when on time or done. */
function LateCell({ job }: { job: Job }) {
  const config = useConfig();
  const now = useScreenNow();
  const late = jobLateness(job, now, lateRule(config));
  return late.late ? <LateMark seconds={late.lateBy} /> : null;
}

/** "late 12 min", in words and colour (never colour alone). */
export function LateMark({ seconds }: { seconds: number }) {
  const duration = formatDuration(seconds);
  return (
    <span className={s.late}>
      <svg className={s.lateIcon} viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M8 4.5V8l2.5 1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <Trans>late {duration}</Trans>
    </span>
  );
}

function RiderCell({ rider }: { rider: Rider | null }) {
  const { t } = useLingui();
  if (!rider)
    return (
      <span className={s.muted}>
        <Trans>Unassigned</Trans>
      </span>
    );
  const contact = riderContact(rider);
  const id = rider.id;
  return (
    <span className={s.ellipsis} title={contact ? `${rider.name} — ${contact}` : rider.name}>
      {rider.name || t`Rider ${id}`}
    </span>
  );
}

function BranchCell({ job }: { job: Job }) {
  const branches = jobBranches(job);
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
  const config = useConfig();
  const now = useScreenNow();
  const slot = earliestOpenSlot(job, lateRule(config));
  const zone = useDisplayZone(slot?.branch?.time_zone);
  const { t } = useLingui();
  if (!slot)
    return (
      <span className={s.muted}>
        <Trans>None open</Trans>
      </span>
    );
  const kind = slot.kind === 'pickup' ? t`Pickup` : t`Delivery`;
  const at = slot.to ?? slot.from!;
  const id = slot.id;
  const window = formatWindow(slot.from, slot.to, zone);
  const viewer = inViewerZone(at, zone);
  return (
    <span className={s.ellipsis} title={t`${kind} #${id}: ${window}` + '\n' + viewer}>
      <span className={s.slotKind}>{kind}</span> {formatWindow(slot.from, slot.to, zone, now)}
    </span>
  );
}

/** "1 · 3": pickups · deliveries, in words on hover and for screen readers. */
function StopsCell({ job }: { job: Job }) {
  const { t } = useLingui();
  const pickups = job.pickups.length;
  const deliveries = job.deliveries.length;
  const words = t`${plural(pickups, { one: '# pickup', other: '# pickups' })}, ${plural(deliveries, { one: '# delivery', other: '# deliveries' })}`;
  return (
    <span title={words}>
      <span aria-hidden="true">
        {formatCount(pickups)} · {formatCount(deliveries)}
      </span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

function AmountCell({ job }: { job: Job }) {
  const config = useConfig();
  return <>{formatAmounts(amountsOf(job, (branch) => currencyOf(config, branch)))}</>;
}

function TimeCell({ job, at }: { job: Job; at: number }) {
  return <LiveTime epochSeconds={at} zone={useDisplayZone(jobTimeZone(job))} />;
}

type ColumnSpec = JobsColumnMeta & {
  id: string;
  header: MessageDescriptor;
  /** Job id and status are always shown. */
  alwaysShown?: boolean;
  cell: (job: Job) => ReactNode;
  /** The value the column sorts by (undefined: last either way); none: the column does not sort. */
  sortValue?: (job: Job, rule: Pick<LateRule, 'isFinal'>) => number | undefined;
};

const COLUMNS: ColumnSpec[] = [
  {
    id: 'id',
    header: msg`Job`,
    label: msg`Job id`,
    width: 64,
    alwaysShown: true,
    cell: (job) => <span className={s.mono}>{job.id}</span>,
  },
  {
    id: 'order_id',
    header: msg`Order`,
    label: msg`Order id`,
    width: 108,
    cell: (job) => (
      <span className={`${s.mono} ${s.ellipsis}`} title={job.order_id}>
        {job.order_id || '—'}
      </span>
    ),
  },
  {
    id: 'type',
    header: msg`Type`,
    label: msg`Type`,
    width: 88,
    cell: (job) => <TypeCell job={job} />,
  },
  {
    id: 'status',
    header: msg`Status`,
    label: msg`Status`,
    width: 120,
    alwaysShown: true,
    cell: (job) => <StatusCell job={job} />,
  },
  {
    id: 'late',
    header: msg({ message: 'Late', context: 'column: how late' }),
    label: msg`Lateness`,
    width: 112,
    cell: (job) => <LateCell job={job} />,
    // Where the job's lateness counts from: an earlier one is later at every moment, so the
    // order holds as the screen's clock moves. Jobs that cannot be late have none.
    sortValue: (job, rule) => lateSince(job, rule) ?? undefined,
  },
  {
    id: 'rider',
    header: msg`Rider`,
    label: msg`Rider`,
    width: 108,
    cell: (job) => <RiderCell rider={job.rider} />,
  },
  {
    id: 'branch',
    header: msg`Branch`,
    label: msg`Branch (of the pickups)`,
    width: 108,
    cell: (job) => <BranchCell job={job} />,
  },
  {
    id: 'stops',
    header: msg`Stops`,
    label: msg`Stops (pickups · deliveries)`,
    width: 60,
    numeric: true,
    cell: (job) => <StopsCell job={job} />,
  },
  {
    id: 'slot',
    header: msg`Earliest open slot`,
    label: msg`Earliest open slot`,
    width: 254,
    cell: (job) => <SlotCell job={job} />,
  },
  {
    id: 'amount',
    header: msg`Amount`,
    label: msg`Total delivery amount`,
    width: 92,
    numeric: true,
    cell: (job) => <AmountCell job={job} />,
  },
  {
    id: 'created_at',
    header: msg`Created`,
    label: msg`Created`,
    width: 92,
    cell: (job) => <TimeCell job={job} at={job.created_at} />,
  },
  {
    id: 'updated_at',
    header: msg`Updated`,
    label: msg`Updated`,
    width: 92,
    cell: (job) => <TimeCell job={job} at={job.updated_at} />,
  },
];

/**
 * The columns, for the statuses that are final (`rule`). Only the Late column sorts: the
 * latest job first ('desc', its first click), then the least late ('asc'), then the service's
 * order; jobs that cannot be late come last either way, and ties keep the service's order.
 */
export function jobColumns(rule: Pick<LateRule, 'isFinal'>) {
  return helper.columns(
    COLUMNS.map((c) => {
      const common = {
        id: c.id,
        header: () => i18n._(c.header),
        enableHiding: !c.alwaysShown,
        meta: { label: c.label, width: c.width, numeric: c.numeric },
        cell: (info: { row: { original: Job } }) => c.cell(info.row.original),
      };
      const sortValue = c.sortValue;
      if (!sortValue) return helper.display(common);
      return helper.accessor((job) => sortValue(job, rule), {
        ...common,
        sortFn: sortFn_basic,
        sortUndefined: 'last',
        sortDescFirst: true,
        // An earlier start of lateness is the later job.
        invertSorting: true,
      });
    }),
  );
}

/** A row's checkbox: its click is the selection's, not the row's (which opens the job). */
function SelectBox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
}) {
  // The label is the target (44 px on a coarse pointer); a click on it is not the row's.
  return (
    <label className={s.selectTarget} onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        className={s.selectBox}
        checked={checked}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        aria-label={label}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.stopPropagation();
        }}
        onChange={onChange}
      />
    </label>
  );
}

function selectJobLabel(id: number): string {
  return i18n._(msg`Select job ${id}`);
}

/** The selection column (first), drawn only where jobs can be acted on. */
export const selectColumn = helper.display({
  id: 'select',
  enableHiding: false,
  meta: { label: msg`Select`, width: 48 },
  header: ({ table }) => (
    <SelectBox
      checked={table.getIsAllRowsSelected()}
      indeterminate={table.getIsSomeRowsSelected()}
      label={i18n._(msg`Select every job shown`)}
      onChange={() => table.toggleAllRowsSelected()}
    />
  ),
  cell: ({ row }) => (
    <SelectBox
      checked={row.getIsSelected()}
      label={selectJobLabel(row.original.id)}
      onChange={() => row.toggleSelected()}
    />
  ),
});
