import { useMemo, useState } from 'react';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { dayFigures, figureRule } from '../../rules/day-figures';
import { exceptionRule, findExceptions } from '../../rules/exceptions';
import { riderRoster } from '../../rules/riders';
import { knownTimeZone, viewerTimeZone } from '../../ui';
import {
  jobTimeZone,
  PUBLISH_EVERY_MS,
  useOpenWork,
  useUnnamedStatusCount,
  useAllJobs,
  type AllJobs,
  filtersOf,
} from '../../job-views';
import type { ControlRoomSearch } from './control-room-search';
import { controlRoomWindow } from './window';

/** The window's read before it starts: nothing read, nothing to stop. */
const WAITING: AllJobs = {
  jobs: [],
  phase: 'loading',
  progress: null,
  error: null,
  refreshing: false,
  stop: () => {},
  again: () => {},
};

/** A job's zone: its branch's, else the viewer's. */
const zoneOf = (job: Job) => knownTimeZone(jobTimeZone(job)) || viewerTimeZone();

/**
 * The one zone the screen's hours are told in: the jobs' own when they all share it, else the
 * viewer's.
 */
function sharedZone(jobs: readonly Job[]): string {
  const zones = new Set<string>();
  for (const job of jobs) {
    zones.add(zoneOf(job));
    if (zones.size > 1) break;
  }
  return zones.size === 1 ? [...zones][0]! : viewerTimeZone();
}

/**
 * Everything the control room shows, at `now` (epoch seconds): the open work (each open status
 * read through the service's filter) and its exceptions, the window's jobs and their figures,
 * the riders of both, and the jobs in statuses the config does not name. Both reads refresh
 * with the jobs screen's auto-refresh.
 */
export function useControlRoom(
  search: ControlRoomSearch,
  now: number,
  refresh: { autoRefresh: boolean; refreshCount: number },
) {
  const config = useConfig();
  const { branch_id, team_id } = search;
  const base = useMemo(() => filtersOf({ branch_id, team_id }), [branch_id, team_id]);
  const open = useOpenWork(base, true, refresh)!;
  const unnamed = useUnnamedStatusCount(
    base,
    true,
    refresh.autoRefresh ? config.refreshSeconds * 1000 : false,
  );

  // The window's jobs are read once the open work has been read the first time: both share the
  // service (and the browser's few connections to it), and the list of what is late comes first.
  const [openReadOnce, setOpenReadOnce] = useState(false);
  if (!openReadOnce && open.phase !== 'loading') setOpenReadOnce(true);
  // The read changes once an hour at most (see window.ts); what counts follows the clock.
  const readWindow = controlRoomWindow(search, now, zoneOf, viewerTimeZone()).read;
  const windowRead =
    useAllJobs({ ...base, ...readWindow }, openReadOnce, {
      ...refresh,
      cap: config.scanCaps.overview,
      publishEveryMs: PUBLISH_EVERY_MS,
    }) ?? WAITING;

  const zone = useMemo(
    () => sharedZone(windowRead.jobs.length ? windowRead.jobs : open.jobs),
    [windowRead.jobs, open.jobs],
  );
  const { window: choice, from, to } = search;
  const window = useMemo(
    () => controlRoomWindow({ window: choice, from, to }, now, zoneOf, zone),
    [choice, from, to, now, zone],
  );
  const { keeps, range } = window;
  const windowJobs = useMemo(() => windowRead.jobs.filter(keeps), [windowRead.jobs, keeps]);

  const exRule = useMemo(() => exceptionRule(config, (code) => describeStatus(config, code).label), [config]);
  const figRule = useMemo(() => figureRule(config), [config]);
  const exceptions = useMemo(() => findExceptions(open.jobs, now, exRule), [open.jobs, now, exRule]);
  const figures = useMemo(
    () => dayFigures(windowJobs, range, now, figRule),
    [windowJobs, range, now, figRule],
  );
  const riders = useMemo(
    () =>
      riderRoster(open.jobs, figures.riders, now, {
        late: exRule.late,
        staleSeconds: exRule.staleRiderSeconds,
      }),
    [open.jobs, figures.riders, now, exRule],
  );

  return {
    open,
    unnamed,
    windowRead,
    /** The window's read waits for the open work's first read. */
    windowWaiting: !openReadOnce,
    windowJobs,
    window,
    zone,
    exceptions,
    figures,
    riders,
    base,
  };
}
