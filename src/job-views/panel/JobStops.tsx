/** The job panel's stops: each pickup and delivery with its slot, lateness, facts and own history. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { StatusHistoryEntry, type Delivery, type Job, type Pickup, type StopBranch } from '../../contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
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
  if (!branch)
    return (
      <Empty>
        <Trans>No branch</Trans>
      </Empty>
    );
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
  if (stop.packages.length === 0)
    return (
      <Empty>
        <Trans>No packages</Trans>
      </Empty>
    );
  return (
    <table className={s.miniTable}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Package</Trans>
          </th>
          <th scope="col">
            <Trans>Barcode</Trans>
          </th>
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

const DELIVERY_FLAGS: [keyof Delivery, MessageDescriptor][] = [
  ['enable_otp', msg`OTP`],
  ['signature_required', msg`Signature required`],
  ['leave_at_door', msg`Leave at door`],
  ['dont_ring_bell', msg`Don't ring bell`],
  ['age_restricted_delivery', msg`Age restricted`],
  ['unattended_delivery', msg`Unattended`],
];

function Flags({ delivery }: { delivery: Delivery }) {
  const { t } = useLingui();
  return (
    <ul className={s.flags} aria-label={t`Delivery flags`}>
      {DELIVERY_FLAGS.map(([key, flag]) => {
        const label = t(flag);
        const on = delivery[key] === true;
        return (
          <li key={key} className={on ? s.flagOn : s.flagOff}>
            <span aria-hidden="true">{on ? '✓' : '–'}</span> {label}: <strong>{on ? t`Yes` : t`No`}</strong>
          </li>
        );
      })}
    </ul>
  );
}

function Images({ values, label }: { values: unknown[]; label: string }) {
  if (values.length === 0)
    return (
      <Empty>
        <Trans>None</Trans>
      </Empty>
    );
  return (
    <ul className={s.images} aria-label={label}>
      {values.map((v, i) => {
        const url = safeImageUrl(v);
        const number = i + 1;
        const preview = JSON.stringify(v)?.slice(0, 80);
        return (
          <li key={i}>
            {url ? (
              <a href={url} target="_blank" rel="noreferrer noopener">
                <img
                  src={url}
                  alt={`${label} ${number}`}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className={s.image}
                />
              </a>
            ) : (
              <span className={s.muted}>
                <Trans>
                  Image {number} not shown (not an http(s) link):{' '}
                  <code className={s.inlineCode}>{preview}</code>
                </Trans>
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
  if (history.length === 0)
    return (
      <Empty>
        <Trans>No status history recorded</Trans>
      </Empty>
    );
  const parsed = history.map((h) => StatusHistoryEntry.safeParse(h));
  if (parsed.every((p) => p.success)) {
    return <Timeline entries={timeline(parsed.map((p) => p.data!))} label={label} ongoing={open} />;
  }
  return <GenericValue value={history} />;
}

/** "Late 42 min: the slot ended 42 min ago", "Open: the slot ends in 20 min", "Done". */
function StopState({ state }: { state: StopLateness }) {
  const now = useScreenNow();
  if (!state.open)
    return (
      <span className={s.onTime}>
        <Trans>Done</Trans>
      </span>
    );
  if (state.late) {
    const lateBy = formatDuration(state.lateBy);
    return (
      <strong className={s.lateText}>
        <Trans>
          Late {lateBy}: the slot ended <LiveTime epochSeconds={state.slotEnd!} />
        </Trans>
      </strong>
    );
  }
  if (state.slotEnd === null)
    return (
      <span>
        <Trans>Open, no slot end</Trans>
      </span>
    );
  return state.slotEnd > now ? (
    <span className={s.onTime}>
      <Trans>
        Open: the slot ends <LiveTime epochSeconds={state.slotEnd} />
      </Trans>
    </span>
  ) : (
    <span className={s.onTime}>
      <Trans>Open: the slot has just ended (within the grace period)</Trans>
    </span>
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
  const { t } = useLingui();
  const config = useConfig();
  const headingId = useId();
  const zone = useDisplayZone(stop.branch?.time_zone);
  const { from, to } = slotOf(kind, stop);
  const number = index + 1;
  const stopId = stop.id;
  const progress = stop.completed
    ? t({ message: 'Completed', context: 'a stop' })
    : stop.in_progress
      ? t`In progress`
      : t`Not started`;
  const facts: [ReactNode, ReactNode][] = [
    [t`Slot`, <Slot from={from} to={to} zone={zone} />],
    [t`Lateness`, <StopState state={state} />],
    [t`Branch`, <BranchFacts branch={stop.branch} />],
    [t`Address`, <GenericValue value={stop.address} />],
    [t`Customer`, <GenericValue value={stop.customer} />],
    [t`Next statuses`, <NextStatuses codes={stop.next_status} onChoose={onStatus} />],
  ];
  if (kind === 'delivery') {
    const d = stop as Delivery;
    facts.push(
      [
        t`Payment type`,
        d.payment_type === null ? (
          <Empty />
        ) : (
          <CodeLabel info={describePaymentType(config, d.payment_type)} noun={t`Payment type`} />
        ),
      ],
      [
        t`Amount`,
        d.amount === null ? (
          <Empty />
        ) : (
          <span className="num">{formatMoney(d.amount, currencyOf(config, d.branch?.id))}</span>
        ),
      ],
      [t`Tracking id`, d.tracking_id ? <span className="mono">{d.tracking_id}</span> : <Empty />],
      [t`First order`, d.first_order ? t`Yes` : t`No`],
      [t`Note`, <Coming>{d.note || <Empty />}</Coming>],
      [t`Flags`, <Flags delivery={d} />],
      [
        t`Signature`,
        <Coming>
          {d.signature_image ? (
            <Images values={[d.signature_image]} label={t`Signature`} />
          ) : (
            <Empty>
              <Trans>None</Trans>
            </Empty>
          )}
        </Coming>,
      ],
      [
        t`Proof of delivery`,
        <Coming>
          <Images values={d.proof_of_delivery_images} label={t`Proof of delivery image`} />
        </Coming>,
      ],
    );
  }
  facts.push([
    t`Packages`,
    <Coming>
      <Packages stop={stop} />
    </Coming>,
  ]);
  return (
    <section className={`${s.card} ${state.late ? s.cardLate : ''}`} aria-labelledby={headingId}>
      <div className={s.cardHead}>
        <h3 id={headingId} className={s.cardTitle}>
          {kind === 'pickup' ? (
            <Trans>
              Pickup {number} <span className={`${s.muted} num`}>#{stopId}</span>
            </Trans>
          ) : (
            <Trans>
              Delivery {number} <span className={`${s.muted} num`}>#{stopId}</span>
            </Trans>
          )}
        </h3>
        <StatusBadge code={stop.status} />
        <span className={s.progress}>{progress}</span>
      </div>
      <Facts items={facts} />
      <h4 className={s.subTitle}>
        {kind === 'pickup' ? <Trans>Pickup status history</Trans> : <Trans>Delivery status history</Trans>}
      </h4>
      <StopHistory
        history={stop.status_history}
        label={kind === 'pickup' ? t`Pickup ${number} status history` : t`Delivery ${number} status history`}
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
  const pickups = job.pickups.length;
  const deliveries = job.deliveries.length;
  return (
    <div className={s.stack}>
      <h3 className={s.sectionTitle}>
        <Trans>Pickups ({pickups})</Trans>
      </h3>
      {pickups === 0 && (
        <Empty>
          <Trans>No pickups</Trans>
        </Empty>
      )}
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
      <h3 className={s.sectionTitle}>
        <Trans>Deliveries ({deliveries})</Trans>
      </h3>
      {deliveries === 0 && (
        <Empty>
          <Trans>No deliveries</Trans>
        </Empty>
      )}
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
