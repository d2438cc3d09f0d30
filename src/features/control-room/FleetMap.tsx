/**
 * The control room's live fleet map: every open job (one marker each, clustered where they
 * crowd; late ones ringed, at-risk ones diamonds), the riders at their last positions (named,
 * faded when stale, the age in words) and the branches. It opens on the chosen branch (or on
 * all the work) and keeps its place across refreshes; the job open in the list is highlighted
 * and brought to the middle, and a job picked on the map is opened as the list opens it. The
 * exceptions list beside it and the riders' table are its text alternative. The map itself
 * (maplibre) loads lazily from src/map.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { Suspense, lazy, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import type { BBox } from '../../geo';
import { MarkerSymbol, type FitRequest, type MarkerCollection } from '../../map';
import type { JobException } from '../../rules/exceptions';
import { lateRule } from '../../rules/lateness';
import { Button, Skeleton } from '../../ui';
import { formatCount } from '../../lib/count';
import { i18n } from '../../i18n';
import {
  BRANCH_COLOR,
  RIDER_COLOR,
  TONE_COLORS,
  FLEET_SHAPES,
  describeFleetCluster,
  fleetMapData,
  type FleetMapData,
  type FleetMark,
} from '../../job-views';
import s from './fleetMap.module.css';
import { reasonText } from './reason-text';

const PointsMap = lazy(() => import('../../map/PointsMap'));
const mapSkeleton = <Skeleton style={{ position: 'absolute', inset: 0, height: 'auto' }} />;

export type FleetMapProps = {
  /** The open work. */
  jobs: readonly Job[];
  /** The open work's exceptions (their late and at-risk reasons mark the jobs). */
  exceptions: readonly JobException[];
  /** The open work has not been read a first time yet. */
  loading: boolean;
  /** Changes when the filters do (branch, team): the map fits the work again. */
  fitKey: string;
  /** The job open in the list and the panel. */
  selected: number | undefined;
  now: number;
  onSelect: (jobId: number) => void;
};

/**
 * Bounds with `center` in their middle, wide enough for `others` (the job's rider) and at least
 * about a kilometre each way: the map centres the job without diving to street level.
 */
function around([lon, lat]: [number, number], others: readonly [number, number][]): BBox {
  let half = 0.01;
  for (const [x, y] of others) half = Math.max(half, Math.abs(x - lon), Math.abs(y - lat));
  half = Math.min(half, 80 - Math.abs(lat));
  return [lon - half, lat - half, lon + half, lat + half];
}

/** Each job's first late or at-risk reason, in the list's words. */
function marksOf(
  exceptions: readonly JobException[],
  statusLabel: (code: number) => string,
): Map<number, FleetMark> {
  const marks = new Map<number, FleetMark>();
  for (const { job, reasons } of exceptions) {
    const reason = reasons.find((r) => r.kind === 'late' || r.kind === 'at-risk');
    if (reason)
      marks.set(job.id, {
        kind: reason.kind as FleetMark['kind'],
        text: reasonText(reason, statusLabel(job.status)),
      });
  }
  return marks;
}

export const FleetMap = memo(function FleetMap({
  jobs,
  exceptions,
  loading,
  fitKey,
  selected,
  now,
  onSelect,
}: FleetMapProps) {
  const { t } = useLingui();
  const config = useConfig();
  const rule = useMemo(() => lateRule(config), [config]);
  const marks = useMemo(
    () => marksOf(exceptions, (code) => describeStatus(config, code).label),
    [exceptions, config],
  );
  const data = useMemo(() => fleetMapData(jobs, marks, now, rule, config), [jobs, marks, now, rule, config]);
  // Riders and branches apart from the jobs' clusters, under them: a cluster's count stays readable.
  const places = useMemo(
    (): MarkerCollection => ({
      type: 'FeatureCollection',
      features: [...data.branches.features, ...data.riders.features],
    }),
    [data.branches, data.riders],
  );

  // Fits the work once per filters, when it is read; a refresh never moves the map.
  const [fit, setFit] = useState<FitRequest | null>(null);
  const [fittedFor, setFittedFor] = useState<string | null>(null);
  const [centred, setCentred] = useState<{ bounds: BBox; seq: number } | null>(null);
  if (!loading && fittedFor !== fitKey) {
    setFittedFor(fitKey);
    setCentred(null);
    if (data.bounds) setFit({ bounds: data.bounds, key: fitKey });
  }
  // The job opened from the list is brought into view; one picked on the map is already there.
  const [pickedOnMap, setPickedOnMap] = useState<number | null>(null);
  const [centredFor, setCentredFor] = useState<number | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  // Counts the fits asked for by a person (a job opened, Fit), each carried out once.
  const [asked, setAsked] = useState(0);
  if (!loading && centredFor !== selected) {
    setCentredFor(selected);
    setNote(null);
    setPickedOnMap(null);
    if (selected !== undefined && pickedOnMap !== selected) {
      const at = data.positions.get(selected);
      const bounds = at?.length ? around(at[0]!, at.slice(1)) : null;
      if (bounds) {
        setFit({ bounds, key: `asked-${asked + 1}`, animate: true });
        setCentred({ bounds, seq: asked + 1 });
        setAsked(asked + 1);
      } else
        setNote(
          jobs.some((j) => j.id === selected)
            ? t`Job ${selected} has no stop with a position: it is not on the map.`
            : t`Job ${selected} is not open work: it is not on the map.`,
        );
    }
  }
  const fitAll = () => {
    if (!data.bounds) return;
    setFit({ bounds: data.bounds, key: `asked-${asked + 1}`, animate: true });
    setCentred(null);
    setAsked(asked + 1);
  };
  // A job brought to the middle stays there as the map's box changes (the panel opening beside
  // it, or closing), until the map is fitted to something else.
  const areaRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = areaRef.current;
    if (!area || !centred) return;
    let seen = false;
    let resized = 0;
    const observer = new ResizeObserver(() => {
      if (!seen) return void (seen = true);
      resized += 1;
      setFit({ bounds: centred.bounds, key: `centred-${centred.seq}-${resized}` });
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [centred]);

  const summaryId = useId();
  return (
    <section
      className={s.section}
      aria-labelledby="fleet-map-title"
      data-fleet-map
      // The bounds the map was last asked to show (for tests: a refresh must not change them).
      data-fit={fit?.bounds.join(',')}
    >
      <div className={s.head}>
        <h2 id="fleet-map-title" className={s.title}>
          <Trans>Fleet map</Trans>
        </h2>
        <Button size="sm" className={s.fitButton} onClick={fitAll} disabled={!data.bounds}>
          <Trans>Fit to the open work</Trans>
        </Button>
      </div>
      <p id={summaryId} className={s.summary} role="status" data-placed-jobs={data.counts.placedJobs}>
        {summaryText(data, loading)}
        {note && <span className={s.note}> {note}</span>}
      </p>
      <div className={s.mapArea} ref={areaRef}>
        {/* The map (its chunk, its WebGL set-up: long tasks) waits for the open work's first read:
            the exceptions are painted first. */}
        {loading ? (
          mapSkeleton
        ) : (
          <Suspense fallback={mapSkeleton}>
            <PointsMap
              styleUrl={config.mapStyle}
              label={t`Fleet map: the open jobs, the riders and the branches`}
              describedBy={summaryId}
              points={data.jobs}
              landmarks={places}
              highlight={selected === undefined ? null : String(selected)}
              fit={fit}
              onSelect={(id) => {
                setPickedOnMap(Number(id));
                onSelect(Number(id));
              }}
              describeCluster={describeFleetCluster}
              alertWord={t`late`}
              withoutMap={t`The exceptions list and the riders' table tell the same.`}
              className={s.fill}
            />
          </Suspense>
        )}
      </div>
      <Legend staleMinutes={config.staleRiderMinutes} />
    </section>
  );
});

/** What is on the map, in words (the map's description, a live region). */
function summaryText({ counts: n, unplaced }: FleetMapData, loading: boolean): string {
  if (n.jobs === 0) return loading ? i18n._(msg`Reading the open work…`) : i18n._(msg`No open work to show.`);
  const placed = formatCount(n.placedJobs);
  const placedRiders = formatCount(n.placedRiders);
  const late = formatCount(n.placedLate);
  const atRisk = formatCount(n.placedAtRisk);
  const stale = formatCount(n.staleRiders);
  const jobs = n.jobs;
  const riders = n.riders;
  const marked =
    n.late && n.atRisk
      ? i18n._(msg` (${late} late, ${atRisk} at risk)`)
      : n.late
        ? i18n._(msg` (${late} late)`)
        : n.atRisk
          ? i18n._(msg` (${atRisk} at risk)`)
          : '';
  const jobsText = i18n._(
    msg`${placed} of ${plural(jobs, { one: '# open job', other: '# open jobs' })} on the map${marked}`,
  );
  const ridersText = n.staleRiders
    ? i18n._(
        msg`${placedRiders} of ${plural(riders, { one: '# rider', other: '# riders' })} (${stale} stale)`,
      )
    : i18n._(msg`${placedRiders} of ${plural(riders, { one: '# rider', other: '# riders' })}`);
  const unplacedCount = unplaced.length;
  const text = i18n._(msg`${jobsText}, ${ridersText}.`);
  return unplacedCount
    ? `${text} ${i18n._(msg`${plural(unplacedCount, { one: '# job has no stop with a position.', other: '# jobs have no stop with a position.' })}`)}`
    : text;
}

function Legend({ staleMinutes }: { staleMinutes: number }) {
  const { t } = useLingui();
  const minutes = formatCount(staleMinutes);
  const items: [Parameters<typeof MarkerSymbol>[0], string][] = [
    [{ shape: FLEET_SHAPES.job, color: TONE_COLORS.neutral }, t`Open job (coloured by status)`],
    [{ shape: FLEET_SHAPES.job, color: TONE_COLORS.neutral, alert: true }, t`Late (ringed)`],
    [{ shape: FLEET_SHAPES.atRisk, color: TONE_COLORS.neutral }, t`At risk (diamond)`],
    [{ shape: FLEET_SHAPES.rider, color: RIDER_COLOR }, t`Rider`],
    [
      { shape: FLEET_SHAPES.rider, color: RIDER_COLOR, dim: true },
      t`Stale rider: last seen over ${minutes} min ago (faded)`,
    ],
    [{ shape: FLEET_SHAPES.branch, color: BRANCH_COLOR }, t`Branch`],
  ];
  return (
    <ul className={s.legend} aria-label={t`Fleet map key`}>
      {items.map(([symbol, label]) => (
        <li key={label}>
          <MarkerSymbol {...symbol} />
          {label}
        </li>
      ))}
    </ul>
  );
}
