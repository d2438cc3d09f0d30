import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatCount } from '../../../lib/count';

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
  const { t } = useLingui();
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
          <Trans>Impact on recent deliveries</Trans>
        </h3>
        <Segmented
          label={t`Deliveries of the last`}
          value={days}
          options={WINDOWS.map((d) => ({
            value: `${d}` as Window,
            label: plural(d, { one: '# day', other: '# days' }),
          }))}
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
  const { t } = useLingui();
  const { phase, progress, jobs, error } = impact;
  const span = plural(days, { one: 'the last day', other: 'the last # days' });
  if (phase === 'loading') {
    const seen = progress ? formatCount(progress.jobsSeen) : '';
    const toRead = progress ? formatCount(progress.jobsToRead) : '';
    return (
      <div className={s.impactStatus}>
        <p role="status" className={s.subtle}>
          {progress ? (
            <Trans>
              Reading the branch’s jobs of {span}: {seen} of {toRead}…
            </Trans>
          ) : (
            <Trans>Reading the branch’s jobs of {span}: starting…</Trans>
          )}
        </p>
        {progress && (
          <ProgressBar
            value={progress.pagesDone}
            max={progress.pagesTotal}
            label={t`Impact preview progress`}
          />
        )}
        <Button size="sm" onClick={impact.stop}>
          <Trans>Stop</Trans>
        </Button>
      </div>
    );
  }
  const deliveries = impact.deliveries.length;
  const deliveriesText = plural(deliveries, { one: '# delivery', other: '# deliveries' });
  const jobsText = plural(jobs, { one: '# job', other: '# jobs' });
  const read = t`${deliveriesText} of ${jobsText}`;
  const leftOut = progress ? progress.totalRecords - jobs : null;
  let text: string;
  if (phase === 'error')
    text = jobs
      ? t`Could not read all of the branch’s jobs: ${error} The counts are of the ${read} read before.`
      : t`Could not read the branch’s jobs: ${error}`;
  else if (phase === 'stopped')
    text = leftOut
      ? t`Stopped after ${jobsText}: the counts are of their ${deliveriesText}; ${plural(leftOut, { one: '# job', other: '# jobs' })} created in ${span} left out.`
      : t`Stopped after ${jobsText}: the counts are of their ${deliveriesText}.`;
  else if (progress?.capped) {
    const total = formatCount(progress.totalRecords);
    const most = formatCount(progress.jobsToRead);
    const unread = progress.totalRecords - progress.jobsSeen;
    text = t`The counts are of ${read}, the first read of the ${total} created in ${span} (the preview holds at most ${most}); ${plural(unread, { one: '# job', other: '# jobs' })} left out.`;
  } else text = t`${read} created in ${span}.`;
  return (
    <div className={s.impactStatus}>
      <p role="status" className={s.subtle}>
        {text}
      </p>
      {phase !== 'done' && (
        <Button size="sm" onClick={impact.again}>
          {phase === 'error' ? t`Retry` : t`Read them all`}
        </Button>
      )}
    </div>
  );
}

function ImpactCounts({ impact }: { impact: ImpactState }) {
  const { t, i18n } = useLingui();
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
          {t`None of the ${plural(deliveries.length, { one: '# delivery', other: '# deliveries' })} has a position: this service sends addresses without coordinates, so the change’s effect on them cannot be shown.`}
        </p>
      )}
      {phase === 'done' && deliveries.length === 0 && (
        <p className={s.impactNote}>
          <Trans>No deliveries in this window.</Trans>
        </p>
      )}
      <dl className={s.impactCounts} aria-label={t`Deliveries by where they fall`}>
        {IMPACT_KINDS.map((k) => (
          <div key={k.kind} className={s.impactCount} data-kind={k.kind}>
            <dt>
              {k.color && <span className={s.impactDot} style={{ background: k.color }} aria-hidden="true" />}
              {i18n._(k.label)}
            </dt>
            <dd className="num">{formatCount(counts[k.kind])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function ImpactLists({ impact, branchId }: { impact: ImpactState; branchId: string }) {
  const { i18n } = useLingui();
  const listed: ImpactKind[] = ['newlyOutside', 'newlyInside', 'outsideBoth', 'noPosition'];
  const groups = listed
    .map((kind) => ({
      kind,
      label: i18n._(IMPACT_KINDS.find((k) => k.kind === kind)!.label),
      items: impact.deliveries.filter((d) => d.kind === kind),
    }))
    .filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className={s.impactLists}>
      <p className={s.subtle}>
        <Trans>Opening a job leaves the editor; your edits are kept as a draft.</Trans>
      </p>
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
          {g.items.length > LIST_MAX && <More count={g.items.length - LIST_MAX} />}
        </details>
      ))}
    </div>
  );
}

function More({ count }: { count: number }) {
  const more = formatCount(count);
  return (
    <p className={s.subtle}>
      <Trans>and {more} more</Trans>
    </p>
  );
}

function JobLink({ delivery, branchId, from }: { delivery: ImpactDelivery; branchId: string; from: number }) {
  const { jobId, orderId, index, trackingId } = delivery;
  return (
    <Link to="/jobs" search={{ page: 1, branch_id: branchId, timestamp_from: from, job: jobId }}>
      {orderId ? (
        <Trans>
          Job <bdi>{jobId}</bdi> (order <bdi>{orderId}</bdi>), delivery {index}
        </Trans>
      ) : (
        <Trans>
          Job <bdi>{jobId}</bdi>, delivery {index}
        </Trans>
      )}
      {trackingId && (
        <>
          {' · '}
          <bdi>{trackingId}</bdi>
        </>
      )}
    </Link>
  );
}
