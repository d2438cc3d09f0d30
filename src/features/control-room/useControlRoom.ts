import { useEffect, useMemo, useState } from 'react';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { dayFigures, figureRule } from '../../rules/day-figures';
import { exceptionRule, findExceptions, type ExceptionRule } from '../../rules/exceptions';
import { jobLateness } from '../../rules/lateness';
import { riderRoster } from '../../rules/riders';
import { knownTimeZone, viewerTimeZone } from '../../ui';
import { LATE_CHECK_MS, useWorkingSet, WINDOW_DAYS } from '../../working-set';
import {
  jobTimeZone,
  matchesFilters,
  partRead,
  PUBLISH_EVERY_MS,
  useOpenWorkOfSet,
  useUnnamedStatusCount,
  useAllJobs,
  type AllJobs,
  filtersOf,
} from '../../job-views';
import type { ControlRoomSearch } from './control-room-search';
import { controlRoomWindow } from './window';

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
 * The moment the exceptions are told at: the screen's clock (`now`), moved on at once when the
 * set of late jobs changes, which the clock alone can do (checked every second): a job going
 * late shows within a second, without the list being computed again every second.
 */
function useExceptionsNow(jobs: readonly Job[], now: number, rule: ExceptionRule): number {
  const [moved, setMoved] = useState(now);
  useEffect(() => {
    let key: string | null = null;
    const check = () => {
      const t = Date.now() / 1000;
      const late = jobs.filter((job) => jobLateness(job, t, rule.late).late).map((job) => job.id);
      const next = late.join(',');
      if (key !== null && next !== key) setMoved(t);
      key = next;
    };
    check();
    const timer = setInterval(check, LATE_CHECK_MS);
    return () => clearInterval(timer);
  }, [jobs, rule]);
  return Math.max(moved, now);
}

/**
 * Everything the control room shows, at `now` (epoch seconds), from the browser's working set
 * (src/working-set): the open work and its exceptions, the window's jobs and their figures, the
 * riders of both, and the jobs in statuses the config does not name. A custom window reaching
 * before the set's 7 days is read apart, by the whole-result scan.
 */
export function useControlRoom(
  search: ControlRoomSearch,
  now: number,
  refresh: { autoRefresh: boolean; refreshCount: number },
) {
  const config = useConfig();
  const set = useWorkingSet();
  const { branch_id, team_id } = search;
  const base = useMemo(() => filtersOf({ branch_id, team_id }), [branch_id, team_id]);
  const open = useOpenWorkOfSet(base, refresh);
  const live = set.state.mode === 'stream' || set.state.mode === 'changes';
  // Asked for once the open work is in: the first read has the service to itself.
  const unnamed = useUnnamedStatusCount(
    base,
    open.phase !== 'loading',
    live ? config.windowRefreshMinutes * 60_000 : refresh.autoRefresh ? config.refreshSeconds * 1000 : false,
  );

  // The read changes once an hour at most (see window.ts); what counts follows the clock.
  const readWindow = controlRoomWindow(search, now, zoneOf, viewerTimeZone()).read;
  const held = readWindow.timestamp_from >= Math.floor((now - WINDOW_DAYS * 86_400) / 3600) * 3600;
  const older = useAllJobs({ ...base, ...readWindow }, !held && open.phase !== 'loading', {
    ...refresh,
    cap: config.scanCaps.overview,
    publishEveryMs: PUBLISH_EVERY_MS,
  });
  const windowKey = JSON.stringify(readWindow);
  const heldJobs = useMemo(
    () => (held ? set.jobs.filter(matchesFilters({ ...base, ...readWindow })) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window by value
    [held, set.jobs, base, windowKey],
  );
  const { readFrom } = set.state;
  const windowRead: AllJobs =
    older ??
    partRead(set, set.state.window, heldJobs, readFrom !== null && readFrom <= readWindow.timestamp_from);

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
  const exNow = useExceptionsNow(open.jobs, now, exRule);
  const exceptions = useMemo(() => findExceptions(open.jobs, exNow, exRule), [open.jobs, exNow, exRule]);
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
    /** The window's jobs are read once the open work is (the first read). */
    windowWaiting: held && set.state.open.asOf === null && set.state.window.progress === null,
    windowJobs,
    window,
    zone,
    exceptions,
    figures,
    riders,
    base,
    /** How the working set is kept current. */
    mode: set.state.mode,
  };
}
