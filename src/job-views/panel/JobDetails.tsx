/**
 * The job panel's content (loaded on demand): status and next statuses, the job's facts,
 * the rider card, the status history (JobHistory.tsx), the stops (JobStops.tsx), and the raw JSON.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useContext, useId, type ReactNode } from 'react';
import type { Job, Rider } from '../../contract';
import {
  describeJobType,
  describeRiderStatus,
  describeRiderType,
  describeStatus,
  useConfig,
} from '../../config';
import { Banner, Button, formatDuration, viewerTimeZone } from '../../ui';
import { errorMessage } from '../../api';
import type { JobWithActions } from '../../api';
import type { JobActionName } from '../../contract';
import { useActionOffer, type ActionOffer, type ActionStart } from '../actions';
import actionStyles from '../actions/actions.module.css';
import { CopyButton } from '../../ui/CopyButton';
import { Tabs } from '../../ui/Tabs';
import { jobTimeZone, lastRemark } from '../job-facts';
import { phoneOf } from '../../rules/customer';
import { earliestOpenSlot, isFinalStatus, jobLateness, lateRule } from '../../rules/lateness';
import { LiveTime, useScreenNow } from '../screen-clock';
import { useDisplayZone } from '../time-zone';
import {
  CodeLabel,
  Coming,
  Empty,
  ExactTime,
  Facts,
  GenericValue,
  JobZone,
  NextStatuses,
  ReadingWhole,
  RiderPosition,
  Slot,
  humanize,
} from './DetailParts';
import { HistorySummary, Timeline } from './JobHistory';
import { JobRouteMap } from './JobRouteMap';
import { JobStops } from './JobStops';
import { StatusBadge } from '../StatusBadge';
import { timeline } from './timeline';
import s from './details.module.css';

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

function Verified({ ok, what }: { ok: boolean; what: 'phone' | 'email' }) {
  const { t } = useLingui();
  const words = {
    phone: ok ? t`Phone verified` : t`Phone not verified`,
    email: ok ? t`Email verified` : t`Email not verified`,
  };
  return (
    <span className={ok ? s.verified : s.unverified}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {words[what]}
    </span>
  );
}

function RiderCard({ rider }: { rider: Rider | null }) {
  const { t } = useLingui();
  const config = useConfig();
  const headingId = useId();
  if (!rider) {
    return (
      <section className={s.card} aria-labelledby={headingId}>
        <h3 id={headingId} className={s.cardTitle}>
          <Trans>Rider</Trans>
        </h3>
        <p className={s.muted}>
          <Trans>No rider assigned.</Trans>
        </p>
      </section>
    );
  }
  const phone = phoneOf(rider.dial_code, rider.mobile);
  const metadata = Object.keys(rider.metadata).length ? rider.metadata : null;
  const riderName = rider.name || `#${rider.id}`;
  const referenceId = rider.reference_id;
  const riderId = rider.id;
  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.cardTitle}>
        <Trans>
          Rider: <bdi>{riderName}</bdi>
        </Trans>
      </h3>
      <Facts
        items={[
          [t`Username`, rider.username ? `@${rider.username}` : <Empty />],
          [
            t`Phone`,
            phone ? (
              <span className={s.withFlag}>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="num">
                  {phone}
                </a>
                <Verified ok={rider.phone_verified} what="phone" />
              </span>
            ) : (
              <span className={s.withFlag}>
                <Empty>
                  <Trans>No phone</Trans>
                </Empty>
                <Verified ok={rider.phone_verified} what="phone" />
              </span>
            ),
          ],
          [
            t`Email`,
            <Coming>
              <span className={s.withFlag}>
                {rider.email ? (
                  <a href={`mailto:${rider.email}`}>{rider.email}</a>
                ) : (
                  <Empty>
                    <Trans>No email</Trans>
                  </Empty>
                )}
                <Verified ok={rider.email_verified} what="email" />
              </span>
            </Coming>,
          ],
          [t`Last position`, <RiderPosition rider={rider} />],
          [
            t`Type`,
            rider.type ? (
              <CodeLabel info={describeRiderType(config, rider.type)} noun={t`Rider type`} />
            ) : (
              <Empty />
            ),
          ],
          [
            t`Rider id`,
            <span className="num">
              {referenceId ? (
                <Trans>
                  <bdi>{riderId}</bdi> · ref <bdi>{referenceId}</bdi>
                </Trans>
              ) : (
                rider.id
              )}
            </span>,
          ],
          [
            t`Rider status`,
            <CodeLabel info={describeRiderStatus(config, rider.status)} noun={t`Rider status`} />,
          ],
          ...(metadata
            ? ([[t`Metadata`, <GenericValue value={metadata} />]] as [ReactNode, ReactNode][])
            : []),
        ]}
      />
    </section>
  );
}

/** What a supervisor acts on, first: late or not, the last remark, the next open slot, where the rider is. */
function Triage({ job }: { job: Job }) {
  const { t } = useLingui();
  const config = useConfig();
  const now = useScreenNow();
  const rule = lateRule(config);
  const late = jobLateness(job, now, rule);
  const remark = lastRemark(job);
  const slot = earliestOpenSlot(job, rule);
  const slotZone = useDisplayZone(slot?.branch?.time_zone);
  const slotState = slot && late.stops.find((st) => st.kind === slot.kind && st.id === slot.id);
  const lateStops = late.stops.filter((st) => st.late);
  const lateBy = formatDuration(late.lateBy);
  const lateCount = lateStops.length;
  const stopCount = late.stops.length;
  const remarkStatus = remark ? describeStatus(config, remark.status).label : '';
  const remarkBy = remark?.created_by?.user_name;
  const riderName = job.rider ? job.rider.name || `#${job.rider.id}` : '';
  const slotLate = slotState?.late ? formatDuration(slotState.lateBy) : '';
  return (
    <section
      className={`${s.triage} ${late.late ? s.triageLate : ''}`}
      aria-label={t`Needs attention`}
      data-overview
    >
      <Facts
        items={[
          [
            t`Late`,
            late.late ? (
              <strong className={s.lateText}>
                {lateStops.length > 1
                  ? t`Up to ${lateBy} past the slot: ${lateCount} of ${plural(stopCount, { one: '# stop', other: '# stops' })}`
                  : t`${lateBy} past the slot: ${lateCount} of ${plural(stopCount, { one: '# stop', other: '# stops' })}`}
              </strong>
            ) : late.stops.some((st) => st.open) ? (
              <span className={s.onTime}>
                <Trans>No: every open stop is within its slot</Trans>
              </span>
            ) : (
              <span className={s.onTime}>
                <Trans>No: every stop is done</Trans>
              </span>
            ),
          ],
          [
            t`Last remark`,
            remark ? (
              <span>
                <q className={s.remarkQuote}>
                  <bdi>{remark.remarks}</bdi>
                </q>{' '}
                <span className={s.muted}>
                  {remarkBy ? (
                    <Trans>
                      ({remarkStatus}, <LiveTime epochSeconds={remark.created_at} />, by <bdi>{remarkBy}</bdi>
                      )
                    </Trans>
                  ) : (
                    <Trans>
                      ({remarkStatus}, <LiveTime epochSeconds={remark.created_at} />)
                    </Trans>
                  )}
                </span>
              </span>
            ) : (
              <Empty>
                <Trans>No remarks</Trans>
              </Empty>
            ),
          ],
          [
            t`Next open slot`,
            slot ? (
              <span>
                {slot.kind === 'pickup' ? t`Pickup` : t`Delivery`}{' '}
                <Slot from={slot.from} to={slot.to} zone={slotZone} />
                {slotLate && (
                  <strong className={s.lateText}>
                    {' · '}
                    {t`late ${slotLate}`}
                  </strong>
                )}
              </span>
            ) : (
              <Empty>
                <Trans>None open</Trans>
              </Empty>
            ),
          ],
          [
            t`Rider`,
            job.rider ? (
              <span>
                <Trans>
                  <bdi>{riderName}</bdi>: <RiderPosition rider={job.rider} />
                </Trans>
              </span>
            ) : (
              <Empty>
                <Trans>Unassigned</Trans>
              </Empty>
            ),
          ],
        ]}
      />
    </section>
  );
}

function OverviewTab({ job }: { job: Job }) {
  const { t } = useLingui();
  const config = useConfig();
  const extra = Object.entries(job).filter(([k]) => !KNOWN_JOB_KEYS.has(k));
  return (
    <div className={s.stack}>
      <Triage job={job} />
      <JobRouteMap job={job} />
      <Facts
        items={[
          [t`Order id`, job.order_id ? <span className="mono">{job.order_id}</span> : <Empty />],
          [
            t`Type`,
            job.type ? <CodeLabel info={describeJobType(config, job.type)} noun={t`Type`} /> : <Empty />,
          ],
          [
            t`Notes`,
            <Coming>
              {job.notes ? (
                <span className={s.prewrap}>{job.notes}</span>
              ) : (
                <Empty>
                  <Trans>No notes</Trans>
                </Empty>
              )}
            </Coming>,
          ],
          [t`Created`, <ExactTime epochSeconds={job.created_at} />],
          [t`Updated`, <ExactTime epochSeconds={job.updated_at} />],
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
        <Trans>
          Times in <strong>{zone}</strong>, the branch&apos;s zone; hover a time for yours (
          <bdi>{viewer}</bdi>).
        </Trans>
      </p>
    );
  }
  return (
    <p className={s.zoneNote}>
      {branchZone && branchZone !== viewer ? (
        <Trans>
          Times in <strong>{zone}</strong>, your zone (the branch&apos;s is <bdi>{branchZone}</bdi>).
        </Trans>
      ) : (
        <Trans>
          Times in <strong>{zone}</strong>, your zone.
        </Trans>
      )}
    </p>
  );
}

/** The panel's actions (the extension): a button per action allowed, or why none is; nothing on a bare service. */
function ActionBar({ offer }: { offer: ActionOffer }) {
  const { t } = useLingui();
  if (!offer.extension) return null;
  if (offer.allowed.size === 0) {
    return offer.refused ? <p className={actionStyles.refused}>{offer.refused}</p> : null;
  }
  const buttons: [JobActionName, string, ActionStart][] = [
    ['status', t`Change status…`, { kind: 'status' }],
    ['reassign', t`Reassign…`, { kind: 'reassign' }],
    ['remark', t`Add remark…`, { kind: 'remark' }],
    ['cancel', t`Cancel job…`, { kind: 'cancel' }],
  ];
  return (
    <div className={actionStyles.bar} role="group" aria-label={t`Act on this job`}>
      {buttons
        .filter(([name]) => offer.allowed.has(name))
        .map(([name, text, start]) => (
          <Button
            key={name}
            size="sm"
            variant={name === 'cancel' ? 'danger' : 'default'}
            onClick={() => offer.open(start)}
          >
            {text}
          </Button>
        ))}
    </div>
  );
}

/** The JSON, once it is the whole job's. */
function RawJson({ json }: { json: string }) {
  const { t } = useLingui();
  if (useContext(ReadingWhole)) return <Coming>{null}</Coming>;
  return (
    <pre className={s.raw} tabIndex={0} aria-label={t`Job JSON`}>
      {json}
    </pre>
  );
}

export default function JobDetails({
  job,
  whole = 'whole',
  wholeError,
  shown,
  onActed,
}: {
  job: Job;
  /** The job given is a working set's record: 'reading' while the whole job is read, 'failed' when it could not be. */
  whole?: 'whole' | 'reading' | 'failed';
  wholeError?: unknown;
  /** The jobs the screen holds (the riders a reassignment offers). */
  shown?: readonly Job[];
  onActed?: (result: JobWithActions) => void;
}) {
  const { t } = useLingui();
  const config = useConfig();
  const offer = useActionOffer(job, shown, onActed);
  const now = useScreenNow();
  const entries = timeline(job.status_history);
  const json = JSON.stringify(job, null, 2);
  const branchZone = jobTimeZone(job);
  const zone = useDisplayZone(branchZone);
  const states = jobLateness(job, now, lateRule(config)).stops;
  const wholeErrorText = wholeError ? errorMessage(wholeError) : '';
  const historyCount = entries.length;
  const stopCount = job.pickups.length + job.deliveries.length;
  return (
    <JobZone.Provider value={zone}>
      <ReadingWhole.Provider value={whole === 'reading'}>
        <div className={s.details}>
          {whole === 'reading' && (
            <p className={s.muted} role="status">
              <Trans>Reading the whole job: packages, proof of delivery, signature and notes follow.</Trans>
            </p>
          )}
          {whole === 'failed' && (
            <Banner tone="warning">
              {wholeError
                ? t`Could not read the whole job, so its packages, proof of delivery, signature and notes are not shown: ${wholeErrorText}`
                : t`Could not read the whole job, so its packages, proof of delivery, signature and notes are not shown.`}
            </Banner>
          )}
          <div className={s.statusLine}>
            <div className={s.statusNow}>
              <span className={s.label}>
                <Trans>Status</Trans>
              </span>
              <StatusBadge code={job.status} />
            </div>
            <div className={s.statusNext}>
              <span className={s.label}>
                <Trans>Next offered</Trans>
              </span>
              <NextStatuses
                codes={job.next_status}
                onChoose={
                  offer.allowed.has('status') ? (status) => offer.open({ kind: 'status', status }) : undefined
                }
              />
            </div>
          </div>
          <ActionBar offer={offer} />
          {offer.dialog}
          <ZoneNote zone={zone} branchZone={branchZone} />
          <Tabs
            label={t`Job details`}
            items={[
              // Kept mounted: its small map is not built again each time the tab comes back.
              {
                value: 'overview',
                label: t`Overview`,
                content: <OverviewTab job={job} />,
                keepMounted: true,
              },
              {
                value: 'history',
                label: t`History (${historyCount})`,
                content: (
                  <>
                    <HistorySummary entries={entries} current={job.status} />
                    <Timeline
                      entries={entries}
                      label={t`Status history, oldest first`}
                      ongoing={!isFinalStatus(config, job.status)}
                    />
                  </>
                ),
              },
              {
                value: 'stops',
                label: t`Stops (${stopCount})`,
                content: (
                  <JobStops
                    job={job}
                    states={states}
                    onStopStatus={
                      offer.allowed.has('stop_status')
                        ? (stop, status) => offer.open({ kind: 'stop_status', stop, status })
                        : undefined
                    }
                  />
                ),
              },
              {
                value: 'raw',
                label: t`Raw JSON`,
                content: (
                  <div className={s.stack}>
                    <div className={s.rawHead}>
                      <span className={s.muted}>
                        <Trans>The job as the dashboard read it, for support.</Trans>
                      </span>
                      <CopyButton text={json} label={t`Copy JSON`} size="sm" />
                    </div>
                    <RawJson json={json} />
                  </div>
                ),
              },
            ]}
          />
        </div>
      </ReadingWhole.Provider>
    </JobZone.Provider>
  );
}
