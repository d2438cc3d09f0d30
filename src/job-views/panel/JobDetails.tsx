/**
 * The job panel's content (loaded on demand): status and next statuses, the job's facts,
 * the rider card, the status history (JobHistory.tsx), the stops (JobStops.tsx), and the raw JSON.
 */
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
import { earliestOpenSlot, formatLate, isFinalStatus, jobLateness, lateRule } from '../../rules/lateness';
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
import { pluralForm } from '../../lib/count';

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

function Verified({ ok, what }: { ok: boolean; what: string }) {
  return (
    <span className={ok ? s.verified : s.unverified}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? `${what} verified` : `${what} not verified`}
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
            <Coming>
              <span className={s.withFlag}>
                {rider.email ? <a href={`mailto:${rider.email}`}>{rider.email}</a> : <Empty>No email</Empty>}
                <Verified ok={rider.email_verified} what="Email" />
              </span>
            </Coming>,
          ],
          ['Last position', <RiderPosition rider={rider} />],
          [
            'Type',
            rider.type ? (
              <CodeLabel info={describeRiderType(config, rider.type)} noun="Rider type" />
            ) : (
              <Empty />
            ),
          ],
          [
            'Rider id',
            <span className="num">
              {rider.id}
              {rider.reference_id ? ` · ref ${rider.reference_id}` : ''}
            </span>,
          ],
          [
            'Rider status',
            <CodeLabel info={describeRiderStatus(config, rider.status)} noun="Rider status" />,
          ],
          ...(metadata
            ? ([['Metadata', <GenericValue value={metadata} />]] as [ReactNode, ReactNode][])
            : []),
        ]}
      />
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
    <section
      className={`${s.triage} ${late.late ? s.triageLate : ''}`}
      aria-label="Needs attention"
      data-overview
    >
      <Facts
        items={[
          [
            'Late',
            late.late ? (
              <strong className={s.lateText}>
                {lateStops.length > 1 ? 'Up to ' : ''}
                {formatDuration(late.lateBy)} past the slot: {lateStops.length} of {late.stops.length}{' '}
                {pluralForm(late.stops.length, 'stop', 'stops')}
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
                  ({describeStatus(config, remark.status).label},{' '}
                  <LiveTime epochSeconds={remark.created_at} />
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
          [
            'Rider',
            job.rider ? (
              <span>
                {job.rider.name || `#${job.rider.id}`}: <RiderPosition rider={job.rider} />
              </span>
            ) : (
              <Empty>Unassigned</Empty>
            ),
          ],
        ]}
      />
    </section>
  );
}

function OverviewTab({ job }: { job: Job }) {
  const config = useConfig();
  const extra = Object.entries(job).filter(([k]) => !KNOWN_JOB_KEYS.has(k));
  return (
    <div className={s.stack}>
      <Triage job={job} />
      <JobRouteMap job={job} />
      <Facts
        items={[
          ['Order id', job.order_id ? <span className="mono">{job.order_id}</span> : <Empty />],
          ['Type', job.type ? <CodeLabel info={describeJobType(config, job.type)} noun="Type" /> : <Empty />],
          [
            'Notes',
            <Coming>
              {job.notes ? <span className={s.prewrap}>{job.notes}</span> : <Empty>No notes</Empty>}
            </Coming>,
          ],
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

/** The panel's actions (the extension): a button per action allowed, or why none is; nothing on a bare service. */
function ActionBar({ offer }: { offer: ActionOffer }) {
  if (!offer.extension) return null;
  if (offer.allowed.size === 0) {
    return offer.refused ? <p className={actionStyles.refused}>{offer.refused}</p> : null;
  }
  const buttons: [JobActionName, string, ActionStart][] = [
    ['status', 'Change status…', { kind: 'status' }],
    ['reassign', 'Reassign…', { kind: 'reassign' }],
    ['remark', 'Add remark…', { kind: 'remark' }],
    ['cancel', 'Cancel job…', { kind: 'cancel' }],
  ];
  return (
    <div className={actionStyles.bar} role="group" aria-label="Act on this job">
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
  if (useContext(ReadingWhole)) return <Coming>{null}</Coming>;
  return (
    <pre className={s.raw} tabIndex={0} aria-label="Job JSON">
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
  const config = useConfig();
  const offer = useActionOffer(job, shown, onActed);
  const now = useScreenNow();
  const entries = timeline(job.status_history);
  const json = JSON.stringify(job, null, 2);
  const branchZone = jobTimeZone(job);
  const zone = useDisplayZone(branchZone);
  const states = jobLateness(job, now, lateRule(config)).stops;
  return (
    <JobZone.Provider value={zone}>
      <ReadingWhole.Provider value={whole === 'reading'}>
        <div className={s.details}>
          {whole === 'reading' && (
            <p className={s.muted} role="status">
              Reading the whole job: packages, proof of delivery, signature and notes follow.
            </p>
          )}
          {whole === 'failed' && (
            <Banner tone="warning">
              Could not read the whole job, so its packages, proof of delivery, signature and notes are not
              shown{wholeError ? `: ${errorMessage(wholeError)}` : '.'}
            </Banner>
          )}
          <div className={s.statusLine}>
            <div className={s.statusNow}>
              <span className={s.label}>Status</span>
              <StatusBadge code={job.status} />
            </div>
            <div className={s.statusNext}>
              <span className={s.label}>Next offered</span>
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
            label="Job details"
            items={[
              // Kept mounted: its small map is not built again each time the tab comes back.
              { value: 'overview', label: 'Overview', content: <OverviewTab job={job} />, keepMounted: true },
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
                label: 'Raw JSON',
                content: (
                  <div className={s.stack}>
                    <div className={s.rawHead}>
                      <span className={s.muted}>The job as the dashboard read it, for support.</span>
                      <CopyButton text={json} label="Copy JSON" size="sm" />
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
