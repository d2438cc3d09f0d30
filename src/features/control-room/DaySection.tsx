import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describeStatus, useConfig } from '../../config';
import type { DayFigures, Figure, Tiles } from '../../rules/day-figures';
import { formatDuration } from '../../lib/duration';
import { epochToZoned, formatDateTime } from '../../ui';
import type { StopBranch } from '../../contract';
import { formatCount } from '../../lib/count';
import type { FigurePick } from '../../rules/figure-jobs';
import { BarChart, type ChartRow, type ChartSeries } from './BarChart';
import { figureBasis, formatFigure, type FigureKind } from './figure-text';
import type { ControlRoomSearch } from './control-room-search';
import s from './controlRoom.module.css';

/** Colours of the charts' series, in order (CSS variables with a light and a dark value). */
export const SERIES_COLORS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--series-${n})`);

type Tile = { key: keyof Tiles; label: string; kind: FigureKind; pick: FigurePick };

function TileView({ tile, figure, to }: { tile: Tile; figure: Figure; to: ControlRoomSearch }) {
  const text = formatFigure(figure.value, tile.kind);
  return (
    <li className={s.tile}>
      <span className={s.tileLabel}>{tile.label}</span>
      <Link
        to="/overview"
        search={to}
        resetScroll={false}
        className={s.tileLink}
        data-figure={tile.key}
        aria-label={`${tile.label}: ${text}, see the jobs`}
      >
        <span className={`${s.tileValue} num`}>{text}</span>
      </Link>
      <span className={s.note}>{figureBasis(figure)}</span>
    </li>
  );
}

const TILES: Tile[] = [
  { key: 'jobs', label: 'Jobs', kind: 'count', pick: { kind: 'jobs' } },
  { key: 'completed', label: 'Completed', kind: 'count', pick: { kind: 'completed' } },
  { key: 'failed', label: 'Failed', kind: 'count', pick: { kind: 'failed' } },
  { key: 'cancelled', label: 'Cancelled', kind: 'count', pick: { kind: 'cancelled' } },
  { key: 'open', label: 'Open', kind: 'count', pick: { kind: 'open' } },
  { key: 'lateNow', label: 'Late now', kind: 'count', pick: { kind: 'late' } },
  { key: 'onTime', label: 'On time', kind: 'share', pick: { kind: 'deliveries' } },
  { key: 'firstAttempt', label: 'First attempt', kind: 'share', pick: { kind: 'completed' } },
  {
    key: 'medianToDelivered',
    label: 'Created to delivered (median)',
    kind: 'duration',
    pick: { kind: 'completed' },
  },
];

/** An hour or a day of the window, in `zone`: "14:00", "Tue 24". */
function bucketLabel(at: number, step: number, zone: string): string {
  const t = epochToZoned(at, zone);
  if (step >= 86_400)
    return new Date(Date.UTC(t.year, t.month - 1, t.day)).toLocaleDateString(undefined, {
      weekday: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
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
  const config = useConfig();
  const { tiles } = figures;
  const zoneNote = `times in ${zone}`;
  const flowSeries: ChartSeries[] = [
    { key: 'created', label: 'Created', color: SERIES_COLORS[0]! },
    { key: 'completed', label: 'Delivered', color: SERIES_COLORS[1]! },
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
  const per = figures.step >= 86_400 ? 'day' : 'hour';

  return (
    <section className={s.section} aria-labelledby="day-title">
      <h2 id="day-title" className={s.sectionTitle}>
        How it is going
      </h2>
      {status}
      <ul className={s.tiles} aria-label="The window in figures">
        {TILES.map((tile) => (
          <TileView key={tile.key} tile={tile} figure={tiles[tile.key]} to={listLink(tile.pick)} />
        ))}
      </ul>
      {list}
      <div className={s.charts}>
        <BarChart
          title={`Jobs created and delivered per ${per}`}
          note={`${formatCount(jobsCounted)} jobs of the window, by when they were created and delivered; ${zoneNote}`}
          series={flowSeries}
          rows={flowRows}
        />
        <BarChart
          title={`Open work by status, at the start of each ${per}`}
          note={`from the status histories of ${formatCount(jobsCounted)} jobs; ${zoneNote}`}
          series={openSeries}
          rows={openRows}
          stacked
        />
      </div>
      <div className={s.columns}>
        <div className={s.block}>
          <h3 className={s.blockTitle}>Time in each status</h3>
          <p className={s.note}>
            From the status histories: the spells that ended, median and 90th percentile.
          </p>
          {figures.timeInStatus.length === 0 ? (
            <p className={s.chartEmpty}>No status has ended yet in this window.</p>
          ) : (
            <div className={s.tableBox} tabIndex={0} role="region" aria-label="Time in each status">
              <table className={s.table}>
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Spells
                    </th>
                    <th scope="col" className="num">
                      Median
                    </th>
                    <th scope="col" className="num">
                      90th percentile
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.timeInStatus.map((t) => (
                    <tr key={t.status}>
                      <th scope="row" title={`Status code ${t.status}`}>
                        {describeStatus(config, t.status).label}
                      </th>
                      <td className="num">
                        <Link
                          to="/overview"
                          search={listLink({ kind: 'spells', status: t.status })}
                          resetScroll={false}
                          aria-label={`${formatCount(t.spells)} spells in ${describeStatus(config, t.status).label}, see the jobs`}
                        >
                          {formatCount(t.spells)}
                        </Link>
                      </td>
                      <td className="num">{formatDuration(t.median)}</td>
                      <td className="num">
                        <span
                          className={s.inlineBar}
                          style={{ width: `${Math.max(2, (t.p90 / longestP90) * 60)}px` }}
                          aria-hidden="true"
                        />
                        {formatDuration(t.p90)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className={s.block}>
          <h3 className={s.blockTitle}>Failure reasons</h3>
          <p className={s.note}>
            {figureBasis(figures.failureReasons.figure)}.{' '}
            <Link to="/overview" search={listLink({ kind: 'failed' })} resetScroll={false}>
              See the failed jobs
            </Link>
          </p>
          {figures.failureReasons.reasons.length === 0 ? (
            <p className={s.chartEmpty}>No failed delivery gave a reason in this window.</p>
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
        <h3 className={s.blockTitle}>Branches</h3>
        <div className={s.tableBox} tabIndex={0} role="region" aria-label="Branches in figures">
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">Branch</th>
                <th scope="col" className="num">
                  Jobs
                </th>
                <th scope="col" className="num">
                  Completed
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col" className="num">
                  On time
                </th>
                <th scope="col" className="num">
                  Late now
                </th>
                <th scope="col" className="num">
                  Created to delivered
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.branches.map((b) => (
                <tr key={b.branch}>
                  <th scope="row">{b.branch ? branchNames.get(b.branch)?.name || b.branch : 'No branch'}</th>
                  <td className="num">
                    <Link
                      to="/overview"
                      search={listLink({ kind: 'branch', branch: b.branch })}
                      resetScroll={false}
                      aria-label={`${formatCount(b.jobs)} jobs of ${branchNames.get(b.branch)?.name || b.branch || 'no branch'}, see the jobs`}
                    >
                      {formatCount(b.jobs)}
                    </Link>
                  </td>
                  <td className="num">{formatCount(b.completed)}</td>
                  <td className="num">{formatFigure(b.failedRate, 'share')}</td>
                  <td className="num" title={figureBasis(b.onTime)}>
                    {formatFigure(b.onTime.value, 'share')}
                  </td>
                  <td className="num">{formatCount(b.lateNow)}</td>
                  <td className="num" title={figureBasis(b.medianToDelivered)}>
                    {formatFigure(b.medianToDelivered.value, 'duration')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
