/**
 * The operations map of the jobs screen (`view=map`, loaded on demand): the jobs shown (the
 * page, the search's matches, or every job matching the filters: the working set's open work
 * when that is what is asked for (late only, an open status), else read up to the map's cap) as
 * stops, riders and branches on a map, an honest summary of what is on it and what could not
 * be placed, and the split with the table on wide screens. The map itself (maplibre) loads
 * lazily from src/map; the summary and the list of what is not placed work without it.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import type { Branch, Job } from '../../../contract';
import { useConfig } from '../../../config';
import { bbox } from '../../../geo';
import type { FitRequest } from '../../../map';
import { Button, Segmented, Skeleton } from '../../../ui';
import {
  AllJobsStatus,
  type AllJobsWords,
  useScreenNow,
  type Filters,
  describeCluster,
  opsMapData,
  setHoldsAll,
  useAllJobs,
  useOpenWorkOfSet,
} from '../../../job-views';
import { formatCount } from '../../../lib/count';
import { i18n } from '../../../i18n';
import type { HoverStore } from './hover-store';
import { jobLateness, lateRule } from '../../../rules/lateness';
import { MapSplitter } from './MapSplitter';
import { Legend, Summary, Unplaced, ZonesNote } from './OpsMapSummary';
import s from './opsMap.module.css';

const PointsMap = lazy(() => import('../../../map/PointsMap'));

const jobsOf = (jobs: number) => i18n._(msg`${plural(jobs, { one: '# job', other: '# jobs' })}`);

/** What the map's own read ("All matching") says of itself. */
const mapReadWords = (): AllJobsWords => ({
  loading: (read, toRead) =>
    toRead
      ? i18n._(msg`Loading every matching job onto the map: ${read} of ${toRead}…`)
      : i18n._(msg`Loading every matching job onto the map: starting…`),
  progressLabel: i18n._(msg`Map loading progress`),
  stopLabel: i18n._(msg`Stop loading`),
  stopped: (readCount, toReadCount) => {
    const read = jobsOf(readCount);
    const toRead = formatCount(toReadCount ?? 0);
    return toReadCount !== null
      ? i18n._(msg`Stopped after ${read} of ${toRead}: the map shows those.`)
      : i18n._(msg`Stopped after ${read}: the map shows those.`);
  },
  againLabel: i18n._(msg`Load them all`),
  failed: (error, readCount) => {
    const read = jobsOf(readCount);
    return i18n._(msg`Could not load every job: ${error} The map shows the ${read} read.`);
  },
  retryLabel: i18n._(msg`Try again`),
  capped: (seenCount, totalCount, capCount) => {
    const seen = formatCount(seenCount);
    const total = formatCount(totalCount);
    const cap = formatCount(capCount);
    return i18n._(
      msg`The map shows the first ${seen} of the ${total} matching jobs: it holds at most ${cap}. Narrow the filters to see the rest.`,
    );
  },
  refreshFailed: (error) =>
    i18n._(msg`The last refresh failed (${error}); the map shows the jobs as they were read before.`),
});

/** What the map says of the working set's reading, when the jobs asked for are its open work. */
const setReadWords = (): AllJobsWords => ({
  ...mapReadWords(),
  loading: (read, toRead) =>
    toRead
      ? i18n._(msg`Loading the open work onto the map: ${read} of ${toRead} open jobs read…`)
      : i18n._(msg`Loading the open work onto the map: starting…`),
  againLabel: i18n._(msg`Read them all`),
  failed: (error, readCount) => {
    const read = jobsOf(readCount);
    return i18n._(msg`Could not read the open work: ${error} The map shows the ${read} read.`);
  },
  capped: (seenCount, totalCount, capCount) => {
    const seen = formatCount(seenCount);
    const total = i18n._(msg`${plural(totalCount, { one: '# open job', other: '# open jobs' })}`);
    const cap = formatCount(capCount);
    return i18n._(
      msg`The map shows the open work among the first ${seen} of the operation’s ${total}: on a service without the extension, the browser holds at most ${cap}, whatever the filters.`,
    );
  },
});

export type OpsMapViewProps = {
  /** The table's rows: the page or the search's matches, "late only" applied. */
  rows: readonly Job[];
  /** The rows are not those of the view asked for yet (loading, or the previous page's). */
  rowsPending: boolean;
  /** The table shows a search's matches (every page was searched): the map shows them. */
  searching: boolean;
  filters: Filters;
  lateOnly: boolean;
  /** 'all': every job matching the filters, up to the map's cap. */
  scope: 'page' | 'all';
  /** Changes when what the map shows changes by the user's doing (filters, page, scope, search, late only): the map fits the data again. */
  fitKey: string;
  /** The service's branches (their zones); undefined while loading, null when it does not list them. */
  branchList: readonly Branch[] | null | undefined;
  hover: HoverStore;
  openJobId: number | undefined;
  /** "Zoom to" a job: once per `seq`. */
  zoomTo: { jobId: number; seq: number } | null;
  autoRefresh: boolean;
  /** Counts the screen's Refresh presses. */
  refreshCount: number;
  /** Table and map side by side (the split is adjustable). */
  wide: boolean;
  /** The element holding the table and the map, whose split the separator sets. */
  workRef: RefObject<HTMLDivElement | null>;
  onScope: (scope: 'page' | 'all') => void;
  onOpen: (jobId: number) => void;
  /** Every job the map read itself (scope 'all'), for the job panel to find them; null otherwise. */
  onJobs: (jobs: readonly Job[] | null) => void;
};

export default function OpsMapView(props: OpsMapViewProps) {
  const {
    rows,
    rowsPending,
    searching,
    filters,
    lateOnly,
    scope,
    fitKey,
    branchList,
    hover,
    openJobId,
    zoomTo,
  } = props;
  const { autoRefresh, refreshCount, wide, workRef, onScope, onOpen, onJobs } = props;
  const { t } = useLingui();
  const config = useConfig();
  const now = useScreenNow();
  const rule = useMemo(() => lateRule(config), [config]);
  const every = scope === 'all' && !searching;
  // The late jobs, or a status of the open work: the working set holds every one of them.
  const fromSet = every && (lateOnly || setHoldsAll(config, filters));
  const held = useOpenWorkOfSet(filters, { autoRefresh, refreshCount }, fromSet);
  // Beyond the open work (history): the map's own scan.
  const scanned = useAllJobs(filters, every && !fromSet, {
    cap: config.scanCaps.map,
    autoRefresh,
    refreshCount,
  });
  const all = fromSet ? held : scanned;
  const allJobs = all?.jobs ?? null;
  useEffect(() => {
    onJobs(allJobs);
    return () => onJobs(null);
  }, [allJobs, onJobs]);
  const jobs = useMemo(
    () => (allJobs ? (lateOnly ? allJobs.filter((job) => jobLateness(job, now, rule).late) : allJobs) : rows),
    [allJobs, lateOnly, rows, now, rule],
  );
  const data = useMemo(
    () => opsMapData(jobs, branchList, now, rule, config),
    [jobs, branchList, now, rule, config],
  );
  // The branches and their zones stay the same objects while they are the same branches: a
  // refresh hands the map its moved stops and riders only.
  const placesKey = `${data.zonesState}|${data.branches.features.map((f) => f.properties.id).join()}`;
  const [places, setPlaces] = useState({
    key: placesKey,
    list: branchList,
    branches: data.branches,
    zones: data.zones,
  });
  if (places.key !== placesKey || places.list !== branchList)
    setPlaces({ key: placesKey, list: branchList, branches: data.branches, zones: data.zones });
  const hovered = useSyncExternalStore(hover.subscribe, hover.get);
  const highlight = hovered ?? openJobId ?? null;
  const loading = all ? all.phase === 'loading' : rowsPending;

  // The map fits the data once per fitKey, when that data is in; a refresh never moves it.
  const [fit, setFit] = useState<FitRequest | null>(null);
  const [fittedFor, setFittedFor] = useState<string | null>(null);
  const [zoomNote, setZoomNote] = useState<string | null>(null);
  if (!loading && fittedFor !== fitKey) {
    setFittedFor(fitKey);
    setZoomNote(null);
    if (data.bounds) setFit({ bounds: data.bounds, key: fitKey });
  }
  const fitAll = () =>
    data.bounds && setFit({ bounds: data.bounds, key: `all-${Date.now()}`, animate: true });

  // "Zoom to" a job: its placed stops and rider.
  const [zoomedFor, setZoomedFor] = useState<number | null>(null);
  if (zoomTo && zoomedFor !== zoomTo.seq) {
    setZoomedFor(zoomTo.seq);
    const at = data.positions.get(zoomTo.jobId);
    const jobId = zoomTo.jobId;
    const bounds = at && bbox([at]);
    if (bounds) {
      setFit({ bounds, key: `zoom-${zoomTo.seq}`, animate: true });
      setZoomNote(null);
    } else {
      setZoomNote(
        at
          ? t`Job ${jobId} has no stop or rider with coordinates: it cannot be shown on the map.`
          : t`Job ${jobId} is not among the jobs on the map.`,
      );
    }
  }

  const summaryId = useId();
  return (
    <section className={s.region} aria-label={t`Map`} data-ops-map>
      {wide && <MapSplitter workRef={workRef} />}
      <div className={s.column}>
        <div className={s.bar}>
          <ScopeSwitch
            scope={scope}
            searching={searching}
            rows={rows.length}
            cap={config.scanCaps.map}
            onScope={onScope}
          />
          <Button size="sm" onClick={fitAll} disabled={!data.bounds}>
            {t`Fit to the jobs`}
          </Button>
          <Unplaced data={data} onOpen={onOpen} />
          <ZonesNote state={data.zonesState} />
        </div>
        {all && <AllJobsStatus all={all} words={fromSet ? setReadWords() : mapReadWords()} />}
        <Summary id={summaryId} data={data} loading={loading} lateOnly={lateOnly} note={zoomNote} />
        <div className={s.mapArea}>
          <Suspense fallback={<Skeleton style={{ position: 'absolute', inset: 0, height: 'auto' }} />}>
            <PointsMap
              styleUrl={config.mapStyle}
              label={t`Operations map: the jobs' stops, riders and branches`}
              describedBy={summaryId}
              points={data.points}
              unclustered={data.riders}
              landmarks={places.branches}
              areas={places.zones}
              highlight={highlight === null ? null : String(highlight)}
              fit={fit}
              onSelect={(id) => onOpen(Number(id))}
              describeCluster={describeCluster}
              alertWord={t`late`}
              withoutMap={t`The summary above says what is on it; the table lists every job.`}
              className={s.mapFill}
            />
          </Suspense>
        </div>
        <Legend staleMinutes={config.staleRiderMinutes} />
      </div>
    </section>
  );
}

function ScopeSwitch({
  scope,
  searching,
  rows,
  cap,
  onScope,
}: {
  scope: 'page' | 'all';
  searching: boolean;
  rows: number;
  cap: number;
  onScope: (scope: 'page' | 'all') => void;
}) {
  const { t } = useLingui();
  if (searching) return <span className={s.scopeText}>{t`The search’s matches`}</span>;
  const shown = formatCount(rows);
  const most = formatCount(cap);
  return (
    <Segmented
      label={t`Jobs on the map`}
      value={scope}
      options={[
        { value: 'page', label: scope === 'page' ? t`This page (${shown})` : t`This page` },
        {
          value: 'all',
          label: t`All matching`,
          title: t`Every job matching the filters, up to ${most}`,
        },
      ]}
      onChange={onScope}
    />
  );
}
