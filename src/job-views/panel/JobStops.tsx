/** The job panel's stops: each pickup and delivery with its slot, lateness, facts and own history. */
import { useId, type ReactNode } from 'react';
import { StatusHistoryEntry, type Delivery, type Job, type Pickup, type StopBranch } from '../../contract';
import { currencyOf, describePaymentType, useConfig } from '../../config';
import { formatDuration } from '../../ui';
import { slotOf, type StopKind, type StopLateness } from '../../rules/lateness';
import { formatMoney } from '../money';
import { LiveTime, useScreenNow } from '../screen-clock';
import { useDisplayZone } from '../time-zone';
import { CodeLabel, Coming, Empty, Facts, GenericValue, NextStatuses, Slot } from './DetailParts';
import { Timeline } from './JobHistory';
import { safeImageUrl } from './safe-image-url';
import { StatusBadge } from '../StatusBadge';
import { timeline } from './timeline';
import s from './details.module.css';

export function BranchFacts({ branch }: { branch: StopBranch | null }) {
  if (!branch) return <Empty>No branch</Empty>;
  return (
    <span>
      <bdi>{branch.name}</bdi>{' '}
      <span className={`${s.muted} num`}>
        (<bdi>{branch.id}</bdi>)
      </span>
      {branch.formatted_address && <bdi className={s.block}>{branch.formatted_address}</bdi>}
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

/** "Late 42 min: the slot ended 42 min ago", "Open: the slot ends in 20 min", "Done". */
function StopState({ state }: { state: StopLateness }) {
  const now = useScreenNow();
  if (!state.open) return <span className={s.onTime}>Done</span>;
  if (state.late) {
    return (
      <strong className={s.lateText}>
        Late {formatDuration(state.lateBy)}: the slot ended <LiveTime epochSeconds={state.slotEnd!} />
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
  onStatus,
}: {
  kind: StopKind;
  stop: Pickup | Delivery;
  index: number;
  state: StopLateness;
  /** Opens the change of this stop's status (where the service takes it). */
  onStatus?: (code: number) => void;
}) {
  const config = useConfig();
  const headingId = useId();
  const zone = useDisplayZone(stop.branch?.time_zone);
  const { from, to } = slotOf(kind, stop);
  const name = kind === 'pickup' ? 'Pickup' : 'Delivery';
  const progress = stop.completed ? 'Completed' : stop.in_progress ? 'In progress' : 'Not started';
  const facts: [ReactNode, ReactNode][] = [
    ['Slot', <Slot from={from} to={to} zone={zone} />],
    ['Lateness', <StopState state={state} />],
    ['Branch', <BranchFacts branch={stop.branch} />],
    ['Address', <GenericValue value={stop.address} />],
    ['Customer', <GenericValue value={stop.customer} />],
    ['Next statuses', <NextStatuses codes={stop.next_status} onChoose={onStatus} />],
  ];
  if (kind === 'delivery') {
    const d = stop as Delivery;
    facts.push(
      [
        'Payment type',
        d.payment_type === null ? (
          <Empty />
        ) : (
          <CodeLabel info={describePaymentType(config, d.payment_type)} noun="Payment type" />
        ),
      ],
      [
        'Amount',
        d.amount === null ? (
          <Empty />
        ) : (
          <span className="num">{formatMoney(d.amount, currencyOf(config, d.branch?.id))}</span>
        ),
      ],
      ['Tracking id', d.tracking_id ? <span className="mono">{d.tracking_id}</span> : <Empty />],
      ['First order', d.first_order ? 'Yes' : 'No'],
      ['Note', <Coming>{d.note || <Empty />}</Coming>],
      ['Flags', <Flags delivery={d} />],
      [
        'Signature',
        <Coming>
          {d.signature_image ? (
            <Images values={[d.signature_image]} label="Signature" />
          ) : (
            <Empty>None</Empty>
          )}
        </Coming>,
      ],
      [
        'Proof of delivery',
        <Coming>
          <Images values={d.proof_of_delivery_images} label="Proof of delivery image" />
        </Coming>,
      ],
    );
  }
  facts.push([
    'Packages',
    <Coming>
      <Packages stop={stop} />
    </Coming>,
  ]);
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
      <StopHistory
        history={stop.status_history}
        label={`${name} ${index + 1} status history`}
        open={state.open}
      />
    </section>
  );
}

/** The Stops tab: the pickups, then the deliveries, each with its lateness at `states`. */
export function JobStops({
  job,
  states,
  onStopStatus,
}: {
  job: Job;
  states: StopLateness[];
  /** Where stops' statuses can be changed: opens the change of one. */
  onStopStatus?: (stop: { kind: StopKind; id: number }, code: number) => void;
}) {
  const onStatus = (kind: StopKind, id: number) =>
    onStopStatus && ((code: number) => onStopStatus({ kind, id }, code));
  const stateOf = (kind: StopKind, index: number) =>
    states.find((st) => st.kind === kind && st.index === index)!;
  return (
    <div className={s.stack}>
      <h3 className={s.sectionTitle}>Pickups ({job.pickups.length})</h3>
      {job.pickups.length === 0 && <Empty>No pickups</Empty>}
      {job.pickups.map((p, i) => (
        <StopCard
          key={p.id}
          kind="pickup"
          stop={p}
          index={i}
          state={stateOf('pickup', i)}
          onStatus={onStatus('pickup', p.id)}
        />
      ))}
      <h3 className={s.sectionTitle}>Deliveries ({job.deliveries.length})</h3>
      {job.deliveries.length === 0 && <Empty>No deliveries</Empty>}
      {job.deliveries.map((d, i) => (
        <StopCard
          key={d.id}
          kind="delivery"
          stop={d}
          index={i}
          state={stateOf('delivery', i)}
          onStatus={onStatus('delivery', d.id)}
        />
      ))}
    </div>
  );
}
