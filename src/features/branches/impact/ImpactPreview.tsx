import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ZoneCollectionLike } from '../../../geo';
import { Button, ProgressBar, Segmented, Skeleton } from '../../../ui';
import {
  IMPACT_KINDS,
  impactPoints,
  type ImpactDelivery,
  type ImpactKind,
  type ImpactPointProperties,
} from './impact';
import { useImpact, type ImpactState } from './useImpact';
import type { FeatureCollection, Point } from 'geojson';
import s from '../branches.module.css';
import { countOf, formatCount } from '../../../lib/count';

const WINDOWS = [1, 7, 14, 30] as const;
type Window = `${(typeof WINDOWS)[number]}`;
/** Deliveries listed per kind before "and N more". */
const LIST_MAX = 50;

/**
 * What a zone change does to the branch's recent deliveries, in the review step: counts by
 * kind, the deliveries of each kind (each opening its job), and the points handed to the
 * editor's map. Reading and classifying never hold up the save.
 */
export function ImpactPreview({
  branchId,
  before,
  after,
  onPoints,
}: {
  branchId: string;
  before: ZoneCollectionLike | null;
  after: ZoneCollectionLike | null;
  /** The placed deliveries, coloured by kind, for the editor's map (null: none to show). */
  onPoints: (points: FeatureCollection<Point, ImpactPointProperties> | null) => void;
}) {
  const [days, setDays] = useState<Window>('7');
  const impact = useImpact(branchId, before, after, Number(days));
  const titleId = useId();
  const { deliveries, phase } = impact;
  useEffect(() => {
    if (phase === 'loading') return;
    onPoints(deliveries.length ? impactPoints(deliveries) : null);
  }, [deliveries, phase, onPoints]);

  return (
    <section className={s.impact} aria-labelledby={titleId} data-impact={phase}>
      <div className={s.impactHead}>
        <h3 id={titleId} className={s.impactTitle}>
          Impact on recent deliveries
        </h3>
        <Segmented
          label="Deliveries of the last"
          value={days}
          options={WINDOWS.map((d) => ({ value: `${d}` as Window, label: countOf(d, 'day', 'days') }))}
          onChange={setDays}
        />
      </div>
      <ImpactStatus impact={impact} days={Number(days)} />
      <ImpactCounts impact={impact} />
      <ImpactLists impact={impact} branchId={branchId} />
    </section>
  );
}

function ImpactStatus({ impact, days }: { impact: ImpactState; days: number }) {
  const { phase, progress, jobs, error } = impact;
  const span = days === 1 ? 'the last day' : `the last ${days} days`;
  if (phase === 'loading') {
    return (
      <div className={s.impactStatus}>
        <p role="status" className={s.subtle}>
          Reading the branch’s jobs of {span}:{' '}
          {progress ? `${formatCount(progress.jobsSeen)} of ${formatCount(progress.jobsToRead)}` : 'starting'}
          …
        </p>
        {progress && (
          <ProgressBar value={progress.pagesDone} max={progress.pagesTotal} label="Impact preview progress" />
        )}
        <Button size="sm" onClick={impact.stop}>
          Stop
        </Button>
      </div>
    );
  }
  const read = `${countOf(impact.deliveries.length, 'delivery', 'deliveries')} of ${countOf(jobs, 'job', 'jobs')}`;
  const leftOut = progress ? progress.totalRecords - jobs : null;
  let text: string;
  if (phase === 'error')
    text = jobs
      ? `Could not read all of the branch’s jobs: ${error} The counts are of the ${read} read before.`
      : `Could not read the branch’s jobs: ${error}`;
  else if (phase === 'stopped')
    text = `Stopped after ${countOf(jobs, 'job', 'jobs')}: the counts are of their ${countOf(impact.deliveries.length, 'delivery', 'deliveries')}${
      leftOut ? `; ${countOf(leftOut, 'job', 'jobs')} created in ${span} left out` : ''
    }.`;
  else if (progress?.capped)
    text = `The counts are of ${read}, the first read of the ${formatCount(progress.totalRecords)} created in ${span} (the preview holds at most ${formatCount(progress.jobsToRead)}); ${countOf(progress.totalRecords - progress.jobsSeen, 'job', 'jobs')} left out.`;
  else text = `${read} created in ${span}.`;
  return (
    <div className={s.impactStatus}>
      <p role="status" className={s.subtle}>
        {text}
      </p>
      {phase !== 'done' && (
        <Button size="sm" onClick={impact.again}>
          {phase === 'error' ? 'Retry' : 'Read them all'}
        </Button>
      )}
    </div>
  );
}

function ImpactCounts({ impact }: { impact: ImpactState }) {
  const { counts, deliveries, phase } = impact;
  // A failed read with nothing read has no counts: zeros would read as "no impact".
  if (phase === 'error' && impact.jobs === 0) return null;
  if (phase === 'loading' && deliveries.length === 0) {
    return (
      <div className={s.impactCounts} aria-hidden="true">
        {IMPACT_KINDS.map((k) => (
          <Skeleton key={k.kind} height={40} />
        ))}
      </div>
    );
  }
  const placed = deliveries.length - counts.noPosition;
  return (
    <>
      {deliveries.length > 0 && placed === 0 && (
        <p className={s.impactNote}>
          None of the {countOf(deliveries.length, 'delivery', 'deliveries')} has a position: this service
          sends addresses without coordinates, so the change’s effect on them cannot be shown.
        </p>
      )}
      {phase === 'done' && deliveries.length === 0 && (
        <p className={s.impactNote}>No deliveries in this window.</p>
      )}
      <dl className={s.impactCounts} aria-label="Deliveries by where they fall">
        {IMPACT_KINDS.map((k) => (
          <div key={k.kind} className={s.impactCount} data-kind={k.kind}>
            <dt>
              {k.color && <span className={s.impactDot} style={{ background: k.color }} aria-hidden="true" />}
              {k.label}
            </dt>
            <dd className="num">{formatCount(counts[k.kind])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function ImpactLists({ impact, branchId }: { impact: ImpactState; branchId: string }) {
  const listed: ImpactKind[] = ['newlyOutside', 'newlyInside', 'outsideBoth', 'noPosition'];
  const groups = listed
    .map((kind) => ({
      kind,
      label: IMPACT_KINDS.find((k) => k.kind === kind)!.label,
      items: impact.deliveries.filter((d) => d.kind === kind),
    }))
    .filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className={s.impactLists}>
      <p className={s.subtle}>Opening a job leaves the editor; your edits are kept as a draft.</p>
      {groups.map((g) => (
        <details key={g.kind} className={s.impactList}>
          <summary>
            {g.label} ({formatCount(g.items.length)})
          </summary>
          <ul>
            {g.items.slice(0, LIST_MAX).map((d) => (
              <li key={d.key}>
                <JobLink delivery={d} branchId={branchId} from={impact.from} />
              </li>
            ))}
          </ul>
          {g.items.length > LIST_MAX && (
            <p className={s.subtle}>and {formatCount(g.items.length - LIST_MAX)} more</p>
          )}
        </details>
      ))}
    </div>
  );
}

function JobLink({ delivery, branchId, from }: { delivery: ImpactDelivery; branchId: string; from: number }) {
  return (
    <Link to="/jobs" search={{ page: 1, branch_id: branchId, timestamp_from: from, job: delivery.jobId }}>
      Job {delivery.jobId}
      {delivery.orderId ? ` (order ${delivery.orderId})` : ''}, delivery {delivery.index}
      {delivery.trackingId ? ` · ${delivery.trackingId}` : ''}
    </Link>
  );
}
