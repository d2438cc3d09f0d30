import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { branchListQueryOptions, queryKeys, useApi } from '../../api';
import type { Job, StopBranch } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { lateRule } from '../../rules/lateness';
import { figureRule } from '../../rules/day-figures';
import { figureJobs, type FigurePick } from '../../rules/figure-jobs';
import { Button, formatDateTime, useMediaQuery, useNow, zoneName } from '../../ui';
import { formatCount } from '../../lib/count';
import {
  branchesInJobs,
  teamsInJobs,
  NowContext,
  autoRefreshSetting,
  useSwitchSetting,
  LazyJobPanel,
} from '../../job-views';
import { JobActionButton, useActionsOffered } from '../../job-views/actions';
import { useNotifyChoice, useTabTitle } from './alerts';
import { DaySection } from './DaySection';
import { ExceptionsSection } from './ExceptionsSection';
import { FigureList } from './FigureList';
import { listParam, listTitle, parseListParam } from './figure-list';
import { FleetMap } from './FleetMap';
import type { ControlRoomSearch, WindowChoice } from './control-room-search';
import { ReadStatus } from './ReadStatus';
import { RidersSection } from './RidersSection';
import { useControlRoom } from './useControlRoom';
import { WindowFields } from './WindowFields';
import { WindowSwitch } from './WindowSwitch';
import { ROLLING_DAYS, ROLLING_HOURS } from './window';
import s from './controlRoom.module.css';

const WIDE = '(min-width: 1280px)';

export type ControlRoomPageProps = {
  /** The route's search params (checked by the route: validateControlRoomSearch). */
  search: ControlRoomSearch;
  /** Moves to other params; `replace` keeps the history entry. */
  onSearch: (next: (prev: ControlRoomSearch) => ControlRoomSearch, replace: boolean) => void;
  /** Opens the jobs screen at a page of these filters with a job's panel open. */
  onJobsPage: (page: number, jobId: number) => void;
};

/**
 * The control room (docs/design.md, "Routes"): what needs a supervisor now across the fleet,
 * how the window is going, and the riders, within a branch and a team, refreshed with the jobs
 * screen's auto-refresh. Its state is its URL, which the route reads and hands in.
 */
export default function ControlRoomPage({ search, onSearch, onJobsPage }: ControlRoomPageProps) {
  const { t } = useLingui();
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(WIDE);
  const now = useNow(30_000);
  const [autoRefresh, setAutoRefresh] = useSwitchSetting(autoRefreshSetting);
  const [refreshCount, setRefreshCount] = useState(0);
  const data = useControlRoom(search, now, { autoRefresh, refreshCount });
  const { open, windowRead, exceptions, figures } = data;
  // The moves keep one identity across renders (the sections and rows are memoised on them),
  // reading the props of the latest render.
  const latest = useRef({ onSearch, job: search.job });
  useLayoutEffect(() => {
    latest.current = { onSearch, job: search.job };
  });
  const go = useCallback(
    (patch: Partial<ControlRoomSearch>, replace = false) =>
      latest.current.onSearch((prev) => ({ ...prev, ...patch }), replace),
    [],
  );

  const branchList = useQuery(branchListQueryOptions(api)).data;
  const branchNames = useMemo(() => {
    const seen = branchesInJobs([...open.jobs, ...windowRead.jobs]);
    for (const b of branchList ?? []) if (!seen.has(b.id)) seen.set(b.id, b as StopBranch);
    return seen;
  }, [open.jobs, windowRead.jobs, branchList]);
  const branchName = useCallback(
    (id: string) => (id ? branchNames.get(id)?.name || id : t`No branch`),
    [branchNames, t],
  );
  const panelJobs = useMemo(() => [...open.jobs, ...windowRead.jobs], [open.jobs, windowRead.jobs]);
  const teams = useMemo(
    () => [...teamsInJobs([...open.jobs, ...windowRead.jobs])].sort(),
    [open.jobs, windowRead.jobs],
  );

  useTabTitle(open.phase === 'done' ? exceptions.counts.late : null);
  // Notifications come from the tab of this browser that reads the working set (src/working-set).
  const notify = useNotifyChoice();

  const refresh = () => {
    setRefreshCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
  };
  const latestRefresh = useRef(refresh);
  useLayoutEffect(() => {
    latestRefresh.current = refresh;
  });
  const afterAction = useCallback(() => latestRefresh.current(), []);
  const openJob = useCallback(
    (id: number, follow = false) => go({ job: id }, follow || latest.current.job !== undefined),
    [go],
  );
  const onReason = useCallback((reason: ControlRoomSearch['reason']) => go({ reason }, true), [go]);
  const onListBranch = useCallback((list_branch: string | undefined) => go({ list_branch }, true), [go]);
  const onRider = useCallback((rider: number | undefined) => go({ rider }, true), [go]);
  const rule = useMemo(() => lateRule(config), [config]);
  const refreshSeconds = formatCount(config.refreshSeconds);
  const windowValue: WindowChoice = search.window ?? 'today';
  const zoneText = `${data.zone} (${zoneName(now, data.zone)})`;
  const late = exceptions.counts.late;
  const hours = ROLLING_HOURS;
  const days = ROLLING_DAYS;
  const windowNote = {
    today: (
      <Trans>
        figures for today, each branch by its own day; hours in <bdi>{zoneText}</bdi>
      </Trans>
    ),
    '24h': (
      <Trans>
        figures for the last <Plural value={hours} one="# hour" other="# hours" />; hours in{' '}
        <bdi>{zoneText}</bdi>
      </Trans>
    ),
    '7d': (
      <Trans>
        figures for the last <Plural value={days} one="# day" other="# days" />; hours in{' '}
        <bdi>{zoneText}</bdi>
      </Trans>
    ),
    custom: (
      <Trans>
        figures for the chosen window; hours in <bdi>{zoneText}</bdi>
      </Trans>
    ),
  }[windowValue];
  const rangeFrom = data.window.range.from;
  const customTo = search.window === 'custom' ? search.to : undefined;
  const linkBase = useMemo(
    () => ({
      branch_id: search.branch_id,
      team_id: search.team_id,
      timestamp_from: rangeFrom,
      timestamp_to: customTo,
    }),
    [search.branch_id, search.team_id, rangeFrom, customTo],
  );
  // The window's figures and the riders are drawn again only when they change, not when a job
  // is opened or followed with j/k.
  const { phase, progress, error, refreshing } = windowRead;
  const waiting = data.windowWaiting;
  const jobsCounted = data.windowJobs.length;
  // A figure's jobs: the very ones it counts, from the same jobs and rule (rules/figure-jobs.ts).
  const { window: w, from: wFrom, to: wTo, branch_id, team_id, reason, list_branch, rider } = search;
  const listLink = useCallback(
    (pick: FigurePick | null): ControlRoomSearch => ({
      window: w,
      from: wFrom,
      to: wTo,
      branch_id,
      team_id,
      reason,
      list_branch,
      rider,
      list: pick ? listParam(pick) : undefined,
    }),
    [w, wFrom, wTo, branch_id, team_id, reason, list_branch, rider],
  );
  const figRule = useMemo(() => figureRule(config), [config]);
  const pick = useMemo(() => parseListParam(search.list), [search.list]);
  const range = data.window.range;
  const listed = useMemo(
    () => (pick ? figureJobs(data.windowJobs, pick, range, now, figRule) : null),
    [pick, data.windowJobs, range, now, figRule],
  );
  const per = figures.step >= 86_400 ? 'day' : 'hour';
  const figureList = useMemo(
    () =>
      pick &&
      listed && (
        <FigureList
          title={listTitle(pick, {
            bucket: (at) => {
              const start = formatDateTime(at, data.zone);
              return per === 'day' ? t`in the day from ${start}` : t`in the hour from ${start}`;
            },
            branch: (id) => (id ? branchNames.get(id)?.name || id : t`no branch`),
            status: (code) => describeStatus(config, code).label,
          })}
          result={listed}
          unitsLabel={
            pick.kind === 'deliveries'
              ? (units: number) =>
                  t`${plural(units, { one: '# completed delivery', other: '# completed deliveries' })}`
              : pick.kind === 'spells'
                ? (units: number) => t`${plural(units, { one: '# spell ended', other: '# spells ended' })}`
                : null
          }
          branchNames={branchNames}
          closeLink={listLink(null)}
          onOpen={openJob}
        />
      ),
    [pick, listed, per, data.zone, branchNames, config, listLink, openJob, t],
  );
  const daySection = useMemo(
    () => (
      <DaySection
        figures={figures}
        zone={data.zone}
        listLink={listLink}
        list={figureList}
        jobsCounted={jobsCounted}
        branchNames={branchNames}
        status={<ReadStatus read={windowRead} what="window" waiting={waiting} />}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the read's own fields, not its object (new each render)
    [
      figures,
      data.zone,
      listLink,
      figureList,
      jobsCounted,
      branchNames,
      phase,
      progress,
      error,
      refreshing,
      waiting,
    ],
  );
  const ridersSection = useMemo(
    () => (
      <RidersSection
        riders={data.riders}
        jobs={panelJobs}
        branchName={branchName}
        selected={search.rider}
        now={now}
        lateRule={rule}
        onSelect={onRider}
        onOpenJob={openJob}
      />
    ),
    [data.riders, panelJobs, branchName, search.rider, now, rule, onRider, openJob],
  );

  // Job actions (an extension): offered in the list where the service answers for its first job.
  const actionsOffered = useActionsOffered(exceptions.list[0]?.job.id);
  // The rows are not drawn again as the jobs refresh: the riders are read from the latest when a dialog opens.
  const heldRef = useRef(panelJobs);
  useLayoutEffect(() => {
    heldRef.current = panelJobs;
  });
  const [held] = useState<Iterable<Job>>(() => ({
    [Symbol.iterator]: () => heldRef.current[Symbol.iterator](),
  }));
  const actionCell = useCallback(
    (job: Job) => <JobActionButton job={job} shown={held} onActed={afterAction} />,
    [held, afterAction],
  );
  const panel = search.job !== undefined && (
    <Suspense fallback={null}>
      <LazyJobPanel
        mode={wide ? 'side' : 'overlay'}
        jobId={search.job}
        shown={panelJobs}
        loading={open.phase === 'loading' && windowRead.phase === 'loading'}
        loadedAt={now * 1000}
        filters={data.base}
        page={1}
        totalPages={0}
        onClose={() => go({ job: undefined })}
        onGoToPage={(page) => onJobsPage(page, search.job!)}
        onClearFilters={() => go({ branch_id: undefined, team_id: undefined })}
        onActed={afterAction}
      />
    </Suspense>
  );

  return (
    <NowContext.Provider value={now}>
      <div className={s.layout}>
        <div className={s.page}>
          <header className={s.header}>
            <h1 className={s.title}>
              <Trans>Control room</Trans>
            </h1>
            <p className={s.note}>
              {late > 0 ? (
                <strong className={s.lateCount}>{t`${plural(late, { other: '# late now' })}`}</strong>
              ) : open.phase === 'done' ? (
                t`Nothing late now`
              ) : (
                t`Reading the open work`
              )}{' '}
              · {windowNote}
            </p>
            <div className={s.controls}>
              <WindowSwitch
                value={windowValue}
                onChange={(w) =>
                  go(
                    w === 'custom'
                      ? { window: 'custom', from: Math.floor(data.window.range.from), to: undefined }
                      : { window: w === 'today' ? undefined : w, from: undefined, to: undefined },
                  )
                }
              />
              {search.window === 'custom' && (
                <WindowFields
                  from={search.from}
                  to={search.to}
                  zone={data.zone}
                  onChange={(from, to) => go({ from, to })}
                />
              )}
              <label className={s.field}>
                <Trans>Branch</Trans>
                <select
                  value={search.branch_id ?? ''}
                  onChange={(e) => go({ branch_id: e.target.value || undefined, list_branch: undefined })}
                >
                  <option value="">{t`All branches`}</option>
                  {[...branchNames.values()]
                    .sort((a, b) => a.name.localeCompare(b.name))
                    .map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name || b.id}
                      </option>
                    ))}
                  {search.branch_id && !branchNames.has(search.branch_id) && (
                    <option value={search.branch_id}>{search.branch_id}</option>
                  )}
                </select>
              </label>
              {(teams.length > 0 || search.team_id) && (
                <label className={s.field}>
                  <Trans>Team</Trans>
                  <select
                    value={search.team_id ?? ''}
                    onChange={(e) => go({ team_id: e.target.value || undefined })}
                  >
                    <option value="">{t`All teams`}</option>
                    {[...new Set([...teams, ...(search.team_id ? [search.team_id] : [])])].map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <span className={s.spacer} />
              <label className={s.toggle}>
                <input
                  type="checkbox"
                  checked={autoRefresh}
                  onChange={(e) => setAutoRefresh(e.target.checked)}
                />
                {t`Auto-refresh every ${refreshSeconds} s`}
              </label>
              {notify.supported && (
                <label
                  className={s.toggle}
                  title={t`A desktop notification when work goes late or fails while this tab is hidden`}
                >
                  <input
                    type="checkbox"
                    checked={notify.on}
                    disabled={notify.refused}
                    onChange={(e) => void notify.choose(e.target.checked)}
                  />
                  {notify.refused
                    ? t`Notifications blocked by the browser`
                    : t`Notify me when work goes late`}
                </label>
              )}
              <Button size="sm" onClick={refresh} disabled={open.refreshing || windowRead.refreshing}>
                <Trans>Refresh</Trans>
              </Button>
            </div>
          </header>
          <div className={s.work}>
            <ExceptionsSection
              exceptions={exceptions}
              open={open}
              unnamed={data.unnamed}
              reason={search.reason}
              listBranch={search.list_branch}
              branchNames={branchNames}
              base={linkBase}
              openJobId={search.job}
              onOpen={openJob}
              onReason={onReason}
              onListBranch={onListBranch}
              actionCell={actionsOffered ? actionCell : undefined}
            />
            <FleetMap
              jobs={open.jobs}
              exceptions={exceptions.list}
              loading={open.phase === 'loading'}
              fitKey={`${search.branch_id ?? ''}|${search.team_id ?? ''}`}
              selected={search.job}
              now={now}
              onSelect={openJob}
            />
          </div>
          {daySection}
          {ridersSection}
        </div>
        {panel}
      </div>
    </NowContext.Provider>
  );
}
