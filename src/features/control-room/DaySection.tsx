import { Link } from '@tanstack/react-router';
import { SelectOrdinal, Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { describeStatus, useConfig } from '../../config';
import type { DayFigures, Figure, Tiles } from '../../rules/day-figures';
import { formatDuration } from '../../lib/duration';
import { epochToZoned, formatClock, formatDateTime } from '../../ui';
import { currentLocale, i18n } from '../../i18n';
import type { StopBranch } from '../../contract';
import { formatCount } from '../../lib/count';
import type { FigurePick } from '../../rules/figure-jobs';
import { BarChart, type ChartRow, type ChartSeries } from './BarChart';
import { figureBasis, formatFigure, type FigureAbout, type FigureKind } from './figure-text';
import type { ControlRoomSearch } from './control-room-search';
import s from './controlRoom.module.css';

/** The status spells' high percentile (`p90` of rules/day-figures.ts), named in the chosen digits. */
const percentile = 90;

/** Colours of the charts' series, in order (CSS variables with a light and a dark value). */
export const SERIES_COLORS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--series-${n})`);

type Tile = { key: keyof Tiles; label: string; kind: FigureKind; about: FigureAbout; pick: FigurePick };

function TileView({ tile, figure, to }: { tile: Tile; figure: Figure; to: ControlRoomSearch }) {
  const { t } = useLingui();
  const text = formatFigure(figure.value, tile.kind);
  const label = tile.label;
  return (
    <li className={s.tile}>
      <span className={s.tileLabel}>{tile.label}</span>
      <Link
        to="/overview"
        search={to}
        resetScroll={false}
        className={s.tileLink}
        data-figure={tile.key}
        aria-label={t`${label}: ${text}, see the jobs`}
      >
        <span className={`${s.tileValue} num`}>{text}</span>
      </Link>
      <span className={s.note}>{figureBasis(figure, tile.about)}</span>
    </li>
  );
}

/** The tiles, their labels in the chosen language. */
function tilesOf(): Tile[] {
  return [
    { key: 'jobs', label: i18n._(msg`Jobs`), kind: 'count', about: 'window', pick: { kind: 'jobs' } },
    {
      key: 'completed',
      label: i18n._(msg`Completed`),
      kind: 'count',
      about: 'jobs',
      pick: { kind: 'completed' },
    },
    { key: 'failed', label: i18n._(msg`Failed`), kind: 'count', about: 'jobs', pick: { kind: 'failed' } },
    {
      key: 'cancelled',
      label: i18n._(msg`Cancelled`),
      kind: 'count',
      about: 'jobs',
      pick: { kind: 'cancelled' },
    },
    {
      key: 'open',
      label: i18n._(msg({ message: 'Open', context: 'jobs counted' })),
      kind: 'count',
      about: 'jobs',
      pick: { kind: 'open' },
    },
    { key: 'lateNow', label: i18n._(msg`Late now`), kind: 'count', about: 'open', pick: { kind: 'late' } },
    {
      key: 'onTime',
      label: i18n._(msg`On time`),
      kind: 'share',
      about: 'deliveries',
      pick: { kind: 'deliveries' },
    },
    {
      key: 'firstAttempt',
      label: i18n._(msg`First attempt`),
      kind: 'share',
      about: 'delivered',
      pick: { kind: 'completed' },
    },
    {
      key: 'medianToDelivered',
      label: i18n._(msg`Created to delivered (median)`),
      kind: 'duration',
      about: 'delivered',
      pick: { kind: 'completed' },
    },
  ];
}

/** An hour or a day of the window, in `zone`: "14:00", "Tue 24". */
function bucketLabel(at: number, step: number, zone: string): string {
  const t = epochToZoned(at, zone);
  if (step >= 86_400)
    return new Date(Date.UTC(t.year, t.month - 1, t.day)).toLocaleDateString(currentLocale().tag, {
      weekday: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  return formatClock(at, zone);
}

/**
 * How the window is going: the tiles, the charts (each with its table), time in status, the
 * branches and the failure reasons. Every figure says what it rests on and opens the list of
 * the very jobs it counts (`list`, shown under the tiles).
 */
export function DaySection({
  figures,
  zone,
  listLink,
  list,
  jobsCounted,
  branchNames,
  status,
}: {
  figures: DayFigures;
  zone: string;
  /** The control room listing the jobs of a figure. */
  listLink: (pick: FigurePick) => ControlRoomSearch;
  /** The list of a figure's jobs, when one is open. */
  list: ReactNode;
  jobsCounted: number;
  branchNames: Map<string, StopBranch>;
  /** The read's state in words (loading, capped, failed), shown above the figures. */
  status: ReactNode;
}) {
  const { t } = useLingui();
  const config = useConfig();
  const { tiles } = figures;
  const flowSeries: ChartSeries[] = [
    { key: 'created', label: t({ message: 'Created', context: 'jobs counted' }), color: SERIES_COLORS[0]! },
    { key: 'completed', label: t`Delivered`, color: SERIES_COLORS[1]! },
  ];
  const everyNth = Math.max(1, Math.ceil(figures.createdCompleted.length / 8));
  const flowRows: ChartRow[] = figures.createdCompleted.map((b, i) => ({
    label: i % everyNth === 0 ? bucketLabel(b.at, figures.step, zone) : '',
    title: formatDateTime(b.at, zone),
    values: { created: b.created, completed: b.completed },
    links: {
      created: listLink({ kind: 'created', at: b.at }),
      completed: listLink({ kind: 'delivered', at: b.at }),
    },
  }));
  const openStatuses = [...new Set(figures.openByStatus.flatMap((p) => Object.keys(p.byStatus)))]
    .map(Number)
    .sort((a, b) => a - b);
  const openSeries: ChartSeries[] = openStatuses.map((code, i) => ({
    key: String(code),
    label: describeStatus(config, code).label,
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
  }));
  const openRows: ChartRow[] = figures.openByStatus.map((p, i) => ({
    label: i % everyNth === 0 ? bucketLabel(p.at, figures.step, zone) : '',
    title: formatDateTime(p.at, zone),
    values: Object.fromEntries(Object.entries(p.byStatus)),
  }));
  const longestP90 = Math.max(1, ...figures.timeInStatus.map((t) => t.p90));
  const daily = figures.step >= 86_400;
  const counted = jobsCounted;
  const branchLabel = (id: string) => (id ? branchNames.get(id)?.name || id : t`No branch`);

  return (
    <section className={s.section} aria-labelledby="day-title">
      <h2 id="day-title" className={s.sectionTitle}>
        <Trans>How it is going</Trans>
      </h2>
      {status}
      <ul className={s.tiles} aria-label={t`The window in figures`}>
        {tilesOf().map((tile) => (
          <TileView key={tile.key} tile={tile} figure={tiles[tile.key]} to={listLink(tile.pick)} />
        ))}
      </ul>
      {list}
      <div className={s.charts}>
        <BarChart
          title={daily ? t`Jobs created and delivered per day` : t`Jobs created and delivered per hour`}
          note={t`${plural(counted, { one: '# job of the window', other: '# jobs of the window' })}, by when they were created and delivered; times in ${zone}`}
          series={flowSeries}
          rows={flowRows}
        />
        <BarChart
          title={
            daily
              ? t`Open work by status, at the start of each day`
              : t`Open work by status, at the start of each hour`
          }
          note={t`from the status histories of ${plural(counted, { one: '# job', other: '# jobs' })}; times in ${zone}`}
          series={openSeries}
          rows={openRows}
          stacked
        />
      </div>
      <div className={s.columns}>
        <div className={s.block}>
          <h3 className={s.blockTitle}>
            <Trans>Time in each status</Trans>
          </h3>
          <p className={s.note}>
            <Trans>
              From the status histories: the spells that ended, median and{' '}
              <SelectOrdinal value={percentile} one="#st" two="#nd" few="#rd" other="#th" /> percentile.
            </Trans>
          </p>
          {figures.timeInStatus.length === 0 ? (
            <p className={s.chartEmpty}>
              <Trans>No status has ended yet in this window.</Trans>
            </p>
          ) : (
            <div className={s.tableBox} tabIndex={0} role="region" aria-label={t`Time in each status`}>
              <table className={s.table}>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Spells</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Median</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>
                        <SelectOrdinal value={percentile} one="#st" two="#nd" few="#rd" other="#th" />{' '}
                        percentile
                      </Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.timeInStatus.map((time) => {
                    const code = time.status;
                    const status = describeStatus(config, code).label;
                    const spells = time.spells;
                    return (
                      <tr key={code}>
                        <th scope="row" title={t`Status code ${code}`}>
                          {status}
                        </th>
                        <td className="num">
                          <Link
                            to="/overview"
                            search={listLink({ kind: 'spells', status: code })}
                            resetScroll={false}
                            aria-label={t`${plural(spells, { one: `# spell in ${status}, see the jobs`, other: `# spells in ${status}, see the jobs` })}`}
                          >
                            {formatCount(spells)}
                          </Link>
                        </td>
                        <td className="num">{formatDuration(time.median)}</td>
                        <td className="num">
                          <span
                            className={s.inlineBar}
                            style={{ inlineSize: `${Math.max(2, (time.p90 / longestP90) * 60)}px` }}
                            aria-hidden="true"
                          />
                          {formatDuration(time.p90)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className={s.block}>
          <h3 className={s.blockTitle}>
            <Trans>Failure reasons</Trans>
          </h3>
          <p className={s.note}>
            {figureBasis(figures.failureReasons.figure, 'failures')}.{' '}
            <Link to="/overview" search={listLink({ kind: 'failed' })} resetScroll={false}>
              <Trans>See the failed jobs</Trans>
            </Link>
          </p>
          {figures.failureReasons.reasons.length === 0 ? (
            <p className={s.chartEmpty}>
              <Trans>No failed delivery gave a reason in this window.</Trans>
            </p>
          ) : (
            <ol className={s.reasons}>
              {figures.failureReasons.reasons.map((r) => (
                <li key={r.reason}>
                  <span>{r.reason}</span> <span className="num">{formatCount(r.count)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <div className={s.block}>
        <h3 className={s.blockTitle}>
          <Trans>Branches</Trans>
        </h3>
        <div className={s.tableBox} tabIndex={0} role="region" aria-label={t`Branches in figures`}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Branch</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Jobs</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Completed</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Failed</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>On time</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Late now</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Created to delivered</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.branches.map((b) => {
                const jobs = b.jobs;
                const name = b.branch ? branchNames.get(b.branch)?.name || b.branch : t`no branch`;
                return (
                  <tr key={b.branch}>
                    <th scope="row">{branchLabel(b.branch)}</th>
                    <td className="num">
                      <Link
                        to="/overview"
                        search={listLink({ kind: 'branch', branch: b.branch })}
                        resetScroll={false}
                        aria-label={t`${plural(jobs, { one: `# job of ${name}, see the jobs`, other: `# jobs of ${name}, see the jobs` })}`}
                      >
                        {formatCount(b.jobs)}
                      </Link>
                    </td>
                    <td className="num">{formatCount(b.completed)}</td>
                    <td className="num">{formatFigure(b.failedRate, 'share')}</td>
                    <td className="num" title={figureBasis(b.onTime, 'deliveries')}>
                      {formatFigure(b.onTime.value, 'share')}
                    </td>
                    <td className="num">{formatCount(b.lateNow)}</td>
                    <td className="num" title={figureBasis(b.medianToDelivered, 'delivered')}>
                      {formatFigure(b.medianToDelivered.value, 'duration')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
