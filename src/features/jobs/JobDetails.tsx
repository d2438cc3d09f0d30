import { Fragment, createContext, useContext, useId, type ReactNode } from 'react';
import {
  StatusHistoryEntry,
  type StopBranch,
  type Delivery,
  type Job,
  type Pickup,
  type Rider,
} from '../../contract';
import {
  currencyOf,
  describePaymentType,
  describeRiderStatus,
  describeStatus,
  isFinalStatus,
  useConfig,
  type CodeInfo,
} from '../../config';
import { ZonedTime, formatDuration, formatWindow, inViewerZone, viewerTimeZone } from '../../ui';
import { CopyButton } from '../../ui/CopyButton';
import { Tabs } from '../../ui/Tabs';
import { earliestOpenSlot, formatMoney, jobTimeZone, lastRemark, phoneOf } from './derive';
import { safeImageUrl, timeline, type TimelineEntry } from './derive-details';
import { JobRouteMap } from './JobRouteMap';
import { formatLate, formatLateBy, jobLateness, lateRule, type StopLateness } from './lateness';
import { LiveTime, useScreenNow } from './now';
import { StatusBadge } from './StatusBadge';
import { useDisplayZone } from './zone';
import s from './details.module.css';

/** The zone the job's times are shown in (its branch's, or the viewer's). */
const JobZone = createContext<string | undefined>(undefined);

/**
 * The job drawer's content (loaded on demand): status and next statuses, the job's facts,
 * the rider card, the status-history timeline, the pickups and deliveries, and the raw JSON.
 */

const KNOWN_JOB_KEYS = new Set([
  'id',
  'order_id',
  'type',
  'status',
  'notes',
  'created_at',
  'updated_at',
  'rider',
  'pickups',
  'deliveries',
  'status_history',
  'next_status',
]);

function humanize(key: string): string {
  const text = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : key;
}

function Empty({ children = '—' }: { children?: ReactNode }) {
  return <span className={s.muted}>{children}</span>;
}

/** Any value of an undocumented shape (addresses, customers, extra fields), without crashing on null. */
export function GenericValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined || value === '') return <Empty />;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return <>{String(value)}</>;
  if (depth >= 4) return <code className={s.inlineCode}>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <Empty>None</Empty>;
    return (
      <ol className={s.genericList}>
        {value.map((item, i) => (
          <li key={i}>
            <GenericValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <Empty>None</Empty>;
    return (
      <dl className={s.genericDl}>
        {entries.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{humanize(k)}</dt>
            <dd>
              <GenericValue value={v} depth={depth + 1} />
            </dd>
          </Fragment>
        ))}
      </dl>
    );
  }
  return <>{String(value)}</>;
}

function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {items.map(([label, value], i) => (
        <Fragment key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ExactTime({ epochSeconds, zone }: { epochSeconds: number | null; zone?: string }) {
  const jobZone = useContext(JobZone);
  if (epochSeconds === null) return <Empty />;
  return (
    <span className="num">
      <ZonedTime epochSeconds={epochSeconds} zone={zone ?? jobZone} /> (<LiveTime epochSeconds={epochSeconds} />)
    </span>
  );
}

/** A code's label with the raw code quieter beside it (docs/design.md, decision 4). */
function CodeLabel({ info, noun }: { info: CodeInfo; noun: string }) {
  return (
    <span title={info.known ? `${noun} code ${info.code}` : `${noun} code ${info.code} is not in the dictionary`}>
      {info.label}
      {info.known && <span className={`${s.code} num`}> {info.code}</span>}
    </span>
  );
}

function NextStatuses({ codes }: { codes: number[] }) {
  if (codes.length === 0) return <Empty>None offered</Empty>;
  return (
    <ul className={s.inlineList} aria-label="Next statuses offered">
      {codes.map((code, i) => (
        <li key={`${code}-${i}`}>
          <StatusBadge code={code} />
        </li>
      ))}
    </ul>
  );
}

function Verified({ ok, what }: { ok: boolean; what: string }) {
  return (
    <span className={ok ? s.verified : s.unverified}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? `${what} verified` : `${what} not verified`}
    </span>
  );
}

/** The rider's last position, with how old it is (the rider's `updated_at`: the interface gives no time of the fix). */
function RiderPosition({ rider }: { rider: Rider }) {
  const { latitude, longitude } = rider.last_coordinates;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return <Empty>Unknown</Empty>;
  return (
    <span className="num">
      {latitude.toFixed(5)}, {longitude.toFixed(5)}{' '}
      <span className={s.muted}>
        as of <LiveTime epochSeconds={rider.updated_at} />
      </span>{' '}
      <a
        href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
        target="_blank"
        rel="noreferrer noopener"
      >
        map
      </a>
    </span>
  );
}

function RiderCard({ rider }: { rider: Rider | null }) {
  const config = useConfig();
  const headingId = useId();
  if (!rider) {
    return (
      <section className={s.card} aria-labelledby={headingId}>
        <h3 id={headingId} className={s.cardTitle}>
          Rider
        </h3>
        <p className={s.muted}>No rider assigned.</p>
      </section>
    );
  }
  const phone = phoneOf(rider.dial_code, rider.mobile);
  const metadata = Object.keys(rider.metadata).length ? rider.metadata : null;
  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.cardTitle}>
        Rider: {rider.name || `#${rider.id}`}
      </h3>
      <Facts
        items={[
          ['Username', rider.username ? `@${rider.username}` : <Empty />],
          [
            'Phone',
            phone ? (
              <span className={s.withFlag}>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="num">
                  {phone}
                </a>
                <Verified ok={rider.phone_verified} what="Phone" />
              </span>
            ) : (
              <span className={s.withFlag}>
                <Empty>No phone</Empty>
                <Verified ok={rider.phone_verified} what="Phone" />
              </span>
            ),
          ],
          [
            'Email',
            <span className={s.withFlag}>
              {rider.email ? <a href={`mailto:${rider.email}`}>{rider.email}</a> : <Empty>No email</Empty>}
              <Verified ok={rider.email_verified} what="Email" />
            </span>,
          ],
          ['Last position', <RiderPosition rider={rider} />],
          ['Type', rider.type || <Empty />],
          [
            'Rider id',
            <span className="num">
              {rider.id}
              {rider.reference_id ? ` · ref ${rider.reference_id}` : ''}
            </span>,
          ],
          ['Rider status', <CodeLabel info={describeRiderStatus(config, rider.status)} noun="Rider status" />],
          ...(metadata
            ? ([['Metadata', <GenericValue value={metadata} />]] as [ReactNode, ReactNode][])
            : []),
        ]}
      />
    </section>
  );
}

function Actor({ entry }: { entry: StatusHistoryEntry }) {
  const a = entry.created_by;
  if (!a) return <Empty>unknown actor</Empty>;
  const detail = [a.user_type, a.user_id].filter(Boolean).join(' · ');
  return (
    <>
      {a.user_name || a.user_id || 'unknown'}
      {detail && <span className={s.muted}> ({detail})</span>}
    </>
  );
}

/**
 * Status history, oldest first. Each entry says how long the work stayed in its status ("8 min
 * in Created"); the last, while the work is still open (`ongoing`), how long it has been in it so far.
 */
export function Timeline({ entries, label, ongoing }: { entries: TimelineEntry[]; label: string; ongoing: boolean }) {
  const config = useConfig();
  const now = useScreenNow();
  const zone = useContext(JobZone);
  if (entries.length === 0) return <p className={s.muted}>No status history recorded.</p>;
  return (
    <ol className={s.timeline} aria-label={label}>
      {entries.map((entry, i) => {
        const status = describeStatus(config, entry.status).label;
        const spent =
          entry.spent !== null
            ? `${formatDuration(entry.spent)} in ${status}`
            : ongoing
              ? `${formatDuration(now - entry.created_at)} so far in ${status}`
              : null;
        return (
          <li key={i} className={s.event}>
            <span className={s.dot} aria-hidden="true" />
            <div className={s.eventHead}>
              <StatusBadge code={entry.status} />
              <ZonedTime epochSeconds={entry.created_at} zone={zone} className={`${s.eventTime} num`} />
              {spent && <span className={`${s.gap} num`}>{spent}</span>}
            </div>
            <div className={s.eventBody}>
              by <Actor entry={entry} />
              {entry.remarks && <p className={s.remarks}>{entry.remarks}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function HistorySummary({ entries, current }: { entries: TimelineEntry[]; current: number }) {
  const config = useConfig();
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (!first || !last) return null;
  return (
    <p className={s.summary}>
      {entries.length} status {entries.length === 1 ? 'change' : 'changes'}
      {entries.length > 1 && <> over {formatDuration(last.created_at - first.created_at)}</>}. Current status{' '}
      <strong>{describeStatus(config, current).label}</strong> since{' '}
      <LiveTime epochSeconds={last.created_at} />.
    </p>
  );
}

function BranchFacts({ branch }: { branch: StopBranch | null }) {
  if (!branch) return <Empty>No branch</Empty>;
  return (
    <span>
      {branch.name} <span className={`${s.muted} num`}>({branch.id})</span>
      {branch.formatted_address && <span className={s.block}>{branch.formatted_address}</span>}
    </span>
  );
}

function Packages({ stop }: { stop: Pickup | Delivery }) {
  if (stop.packages.length === 0) return <Empty>No packages</Empty>;
  return (
    <table className={s.miniTable}>
      <thead>
        <tr>
          <th scope="col">Package</th>
          <th scope="col">Barcode</th>
        </tr>
      </thead>
      <tbody>
        {stop.packages.map((p, i) => (
          <tr key={`${p.package_id}-${i}`}>
            <td className="mono">{p.package_id}</td>
            <td className="mono">{p.barcode || <Empty />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const DELIVERY_FLAGS: [keyof Delivery, string][] = [
  ['enable_otp', 'OTP'],
  ['signature_required', 'Signature required'],
  ['leave_at_door', 'Leave at door'],
  ['dont_ring_bell', "Don't ring bell"],
  ['age_restricted_delivery', 'Age restricted'],
  ['unattended_delivery', 'Unattended'],
];

function Flags({ delivery }: { delivery: Delivery }) {
  return (
    <ul className={s.flags} aria-label="Delivery flags">
      {DELIVERY_FLAGS.map(([key, label]) => {
        const on = delivery[key] === true;
        return (
          <li key={key} className={on ? s.flagOn : s.flagOff}>
            <span aria-hidden="true">{on ? '✓' : '–'}</span> {label}: <strong>{on ? 'Yes' : 'No'}</strong>
          </li>
        );
      })}
    </ul>
  );
}

function Images({ values, label }: { values: unknown[]; label: string }) {
  if (values.length === 0) return <Empty>None</Empty>;
  return (
    <ul className={s.images} aria-label={label}>
      {values.map((v, i) => {
        const url = safeImageUrl(v);
        return (
          <li key={i}>
            {url ? (
              <a href={url} target="_blank" rel="noreferrer noopener">
                <img
                  src={url}
                  alt={`${label} ${i + 1}`}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className={s.image}
                />
              </a>
            ) : (
              <span className={s.muted}>
                Image {i + 1} not shown (not an http(s) link):{' '}
                <code className={s.inlineCode}>{JSON.stringify(v)?.slice(0, 80)}</code>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A stop's own history has no documented shape: shown as a timeline when it reads as one. */
function StopHistory({ history, label, open }: { history: unknown[]; label: string; open: boolean }) {
  if (history.length === 0) return <Empty>No status history recorded</Empty>;
  const parsed = history.map((h) => StatusHistoryEntry.safeParse(h));
  if (parsed.every((p) => p.success)) {
    return <Timeline entries={timeline(parsed.map((p) => p.data!))} label={label} ongoing={open} />;
  }
  return <GenericValue value={history} />;
}

/** A slot window in a zone, the zone named; the viewer's own zone on hover. */
function Slot({ from, to, zone }: { from: number | null; to: number | null; zone: string }) {
  if (from === null && to === null) return <Empty>No slot</Empty>;
  return (
    <span className="num" title={inViewerZone(to ?? from!, zone)}>
      {formatWindow(from, to, zone)}
    </span>
  );
}

/** "Late 42 min: the slot ended 42 min ago", "Open: the slot ends in 20 min", "Done". */
function StopState({ state }: { state: StopLateness }) {
  const now = useScreenNow();
  if (!state.open) return <span className={s.onTime}>Done</span>;
  if (state.late) {
    return (
      <strong className={s.lateText}>
        Late {formatLateBy(state.lateBy)}: the slot ended <LiveTime epochSeconds={state.slotEnd!} />
      </strong>
    );
  }
  if (state.slotEnd === null) return <span>Open, no slot end</span>;
  return state.slotEnd > now ? (
    <span className={s.onTime}>
      Open: the slot ends <LiveTime epochSeconds={state.slotEnd} />
    </span>
  ) : (
    <span className={s.onTime}>Open: the slot has just ended (within the grace period)</span>
  );
}

function StopCard({
  kind,
  stop,
  index,
  state,
}: {
  kind: 'pickup' | 'delivery';
  stop: Pickup | Delivery;
  index: number;
  state: StopLateness;
}) {
  const config = useConfig();
  const headingId = useId();
  const zone = useDisplayZone(stop.branch?.time_zone);
  const from = kind === 'pickup' ? (stop as Pickup).pickup_slot_from : (stop as Delivery).delivery_slot_from;
  const to = kind === 'pickup' ? (stop as Pickup).pickup_slot_to : (stop as Delivery).delivery_slot_to;
  const name = kind === 'pickup' ? 'Pickup' : 'Delivery';
  const progress = stop.completed ? 'Completed' : stop.in_progress ? 'In progress' : 'Not started';
  const facts: [ReactNode, ReactNode][] = [
    ['Slot', <Slot from={from} to={to} zone={zone} />],
    ['Lateness', <StopState state={state} />],
    ['Branch', <BranchFacts branch={stop.branch} />],
    ['Address', <GenericValue value={stop.address} />],
    ['Customer', <GenericValue value={stop.customer} />],
    ['Next statuses', <NextStatuses codes={stop.next_status} />],
  ];
  if (kind === 'delivery') {
    const d = stop as Delivery;
    facts.push(
      [
        'Payment type',
        d.payment_type === null ? <Empty /> : <CodeLabel info={describePaymentType(config, d.payment_type)} noun="Payment type" />,
      ],
      [
        'Amount',
        d.amount === null ? <Empty /> : <span className="num">{formatMoney(d.amount, currencyOf(config, d.branch?.id))}</span>,
      ],
      ['Tracking id', d.tracking_id ? <span className="mono">{d.tracking_id}</span> : <Empty />],
      ['First order', d.first_order ? 'Yes' : 'No'],
      ['Note', d.note || <Empty />],
      ['Flags', <Flags delivery={d} />],
      [
        'Signature',
        d.signature_image ? <Images values={[d.signature_image]} label="Signature" /> : <Empty>None</Empty>,
      ],
      ['Proof of delivery', <Images values={d.proof_of_delivery_images} label="Proof of delivery image" />],
    );
  }
  facts.push(['Packages', <Packages stop={stop} />]);
  return (
    <section className={`${s.card} ${state.late ? s.cardLate : ''}`} aria-labelledby={headingId}>
      <div className={s.cardHead}>
        <h3 id={headingId} className={s.cardTitle}>
          {name} {index + 1} <span className={`${s.muted} num`}>#{stop.id}</span>
        </h3>
        <StatusBadge code={stop.status} />
        <span className={s.progress}>{progress}</span>
      </div>
      <Facts items={facts} />
      <h4 className={s.subTitle}>{name} status history</h4>
      <StopHistory history={stop.status_history} label={`${name} ${index + 1} status history`} open={state.open} />
    </section>
  );
}

/** What a supervisor acts on, first: late or not, the last remark, the next open slot, where the rider is. */
function Triage({ job }: { job: Job }) {
  const config = useConfig();
  const now = useScreenNow();
  const rule = lateRule(config);
  const late = jobLateness(job, now, rule);
  const remark = lastRemark(job);
  const slot = earliestOpenSlot(job, rule);
  const slotZone = useDisplayZone(slot?.branch?.time_zone);
  const slotState = slot && late.stops.find((st) => st.kind === slot.kind && st.id === slot.id);
  const lateStops = late.stops.filter((st) => st.late);
  return (
    <section className={`${s.triage} ${late.late ? s.triageLate : ''}`} aria-label="Needs attention" data-overview>
      <Facts
        items={[
          [
            'Late',
            late.late ? (
              <strong className={s.lateText}>
                {lateStops.length > 1 ? 'Up to ' : ''}
                {formatLateBy(late.lateBy)} past the slot: {lateStops.length} of {late.stops.length}{' '}
                {late.stops.length === 1 ? 'stop' : 'stops'}
              </strong>
            ) : late.stops.some((st) => st.open) ? (
              <span className={s.onTime}>No: every open stop is within its slot</span>
            ) : (
              <span className={s.onTime}>No: every stop is done</span>
            ),
          ],
          [
            'Last remark',
            remark ? (
              <span>
                <q className={s.remarkQuote}>{remark.remarks}</q>{' '}
                <span className={s.muted}>
                  ({describeStatus(config, remark.status).label}, <LiveTime epochSeconds={remark.created_at} />
                  {remark.created_by?.user_name ? `, by ${remark.created_by.user_name}` : ''})
                </span>
              </span>
            ) : (
              <Empty>No remarks</Empty>
            ),
          ],
          [
            'Next open slot',
            slot ? (
              <span>
                {slot.kind === 'pickup' ? 'Pickup' : 'Delivery'}{' '}
                <Slot from={slot.from} to={slot.to} zone={slotZone} />
                {slotState?.late && <strong className={s.lateText}> · {formatLate(slotState.lateBy)}</strong>}
              </span>
            ) : (
              <Empty>None open</Empty>
            ),
          ],
          ['Rider', job.rider ? <span>{job.rider.name || `#${job.rider.id}`}: <RiderPosition rider={job.rider} /></span> : <Empty>Unassigned</Empty>],
        ]}
      />
    </section>
  );
}

function Overview({ job }: { job: Job }) {
  const extra = Object.entries(job).filter(([k]) => !KNOWN_JOB_KEYS.has(k));
  return (
    <div className={s.stack}>
      <Triage job={job} />
      <JobRouteMap job={job} />
      <Facts
        items={[
          ['Order id', job.order_id ? <span className="mono">{job.order_id}</span> : <Empty />],
          ['Type', job.type || <Empty />],
          ['Notes', job.notes ? <span className={s.prewrap}>{job.notes}</span> : <Empty>No notes</Empty>],
          ['Created', <ExactTime epochSeconds={job.created_at} />],
          ['Updated', <ExactTime epochSeconds={job.updated_at} />],
          ...extra.map(([k, v]) => [humanize(k), <GenericValue value={v} />] as [ReactNode, ReactNode]),
        ]}
      />
      <RiderCard rider={job.rider} />
    </div>
  );
}

function ZoneNote({ zone, branchZone }: { zone: string; branchZone: string }) {
  const viewer = viewerTimeZone();
  if (zone !== viewer) {
    return (
      <p className={s.zoneNote}>
        Times in <strong>{zone}</strong>, the branch&apos;s zone; hover a time for yours ({viewer}).
      </p>
    );
  }
  return (
    <p className={s.zoneNote}>
      Times in <strong>{zone}</strong>, your zone
      {branchZone && branchZone !== viewer ? ` (the branch's is ${branchZone})` : ''}.
    </p>
  );
}

export default function JobDetails({ job }: { job: Job }) {
  const config = useConfig();
  const now = useScreenNow();
  const entries = timeline(job.status_history);
  const json = JSON.stringify(job, null, 2);
  const branchZone = jobTimeZone(job);
  const zone = useDisplayZone(branchZone);
  const states = jobLateness(job, now, lateRule(config)).stops;
  const stateOf = (kind: 'pickup' | 'delivery', index: number) =>
    states.find((st) => st.kind === kind && st.index === index)!;
  return (
    <JobZone.Provider value={zone}>
    <div className={s.details}>
      <div className={s.statusLine}>
        <div className={s.statusNow}>
          <span className={s.label}>Status</span>
          <StatusBadge code={job.status} />
        </div>
        <div className={s.statusNext}>
          <span className={s.label}>Next offered</span>
          <NextStatuses codes={job.next_status} />
        </div>
      </div>
      <ZoneNote zone={zone} branchZone={branchZone} />
      <Tabs
        label="Job details"
        items={[
          // Kept mounted: its small map is not built again each time the tab comes back.
          { value: 'overview', label: 'Overview', content: <Overview job={job} />, keepMounted: true },
          {
            value: 'history',
            label: `History (${entries.length})`,
            content: (
              <>
                <HistorySummary entries={entries} current={job.status} />
                <Timeline
                  entries={entries}
                  label="Status history, oldest first"
                  ongoing={!isFinalStatus(config, job.status)}
                />
              </>
            ),
          },
          {
            value: 'stops',
            label: `Stops (${job.pickups.length + job.deliveries.length})`,
            content: (
              <div className={s.stack}>
                <h3 className={s.sectionTitle}>Pickups ({job.pickups.length})</h3>
                {job.pickups.length === 0 && <Empty>No pickups</Empty>}
                {job.pickups.map((p, i) => (
                  <StopCard key={p.id} kind="pickup" stop={p} index={i} state={stateOf('pickup', i)} />
                ))}
                <h3 className={s.sectionTitle}>Deliveries ({job.deliveries.length})</h3>
                {job.deliveries.length === 0 && <Empty>No deliveries</Empty>}
                {job.deliveries.map((d, i) => (
                  <StopCard key={d.id} kind="delivery" stop={d} index={i} state={stateOf('delivery', i)} />
                ))}
              </div>
            ),
          },
          {
            value: 'raw',
            label: 'Raw JSON',
            content: (
              <div className={s.stack}>
                <div className={s.rawHead}>
                  <span className={s.muted}>The job as the dashboard read it, for support.</span>
                  <CopyButton text={json} label="Copy JSON" size="sm" />
                </div>
                <pre className={s.raw} tabIndex={0} aria-label="Job JSON">
                  {json}
                </pre>
              </div>
            ),
          },
        ]}
      />
    </div>
    </JobZone.Provider>
  );
}
