import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describeStatus, useConfig } from '../../config';
import type { DayFigures, Figure, Tiles } from '../../rules/day-figures';
import { formatDuration } from '../../lib/duration';
import { epochToZoned, formatDateTime } from '../../ui';
import type { StopBranch } from '../../contract';
import { formatCount } from '../../lib/count';
import { type JobsSearch } from '../../job-views';
import { BarChart, type ChartRow, type ChartSeries } from './BarChart';
import { figureBasis, formatFigure, type FigureKind } from './figure-text';
import { jobsLink, statusOfOutcome, type JobsLinkBase } from './jobs-links';
import s from './controlRoom.module.css';

/** Colours of the charts' series, in order (CSS variables with a light and a dark value). */
export const SERIES_COLORS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--series-${n})`);

type Tile = { key: keyof Tiles; label: string; kind: FigureKind; to?: JobsSearch };

function TileView({ tile, figure }: { tile: Tile; figure: Figure }) {
  const value = <span className={`${s.tileValue} num`}>{formatFigure(figure.value, tile.kind)}</span>;
  return (
    <li className={s.tile}>
      <span className={s.tileLabel}>{tile.label}</span>
      {tile.to ? (
        <Link
          to="/jobs"
          search={tile.to}
          className={s.tileLink}
          aria-label={`${tile.label}: ${formatFigure(figure.value, tile.kind)}, see the jobs`}
        >
          {value}
        </Link>
      ) : (
        value
      )}
      <span className={s.note}>{figureBasis(figure)}</span>
    </li>
  );
}

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
 * branches and the failure reasons. Every figure says what it rests on and links to its jobs.
 */
export function DaySection({
  figures,
  zone,
  base,
  jobsCounted,
  branchNames,
  status,
}: {
  figures: DayFigures;
  zone: string;
  /** The jobs screen's filters for the window's jobs. */
  base: JobsLinkBase;
  jobsCounted: number;
  branchNames: Map<string, StopBranch>;
  /** The read's state in words (loading, capped, failed), shown above the figures. */
  status: ReactNode;
}) {
  const config = useConfig();
  const { tiles } = figures;
  const link = (patch: Partial<JobsSearch> = {}) => jobsLink(base, patch);
  const success = statusOfOutcome(config, 'success');
  const tileList: Tile[] = [
    { key: 'jobs', label: 'Jobs', kind: 'count', to: link() },
    {
      key: 'completed',
      label: 'Completed',
      kind: 'count',
      to: success === undefined ? undefined : link({ status: success }),
    },
    {
      key: 'failed',
      label: 'Failed',
      kind: 'count',
      to:
        statusOfOutcome(config, 'failure') === undefined
          ? undefined
          : link({ status: statusOfOutcome(config, 'failure') }),
    },
    {
      key: 'cancelled',
      label: 'Cancelled',
      kind: 'count',
      to:
        statusOfOutcome(config, 'cancelled') === undefined
          ? undefined
          : link({ status: statusOfOutcome(config, 'cancelled') }),
    },
    { key: 'open', label: 'Open', kind: 'count', to: link() },
    {
      key: 'lateNow',
      label: 'Late now',
      kind: 'count',
      to: jobsLink({ branch_id: base.branch_id, team_id: base.team_id }, { late: 1 }),
    },
    {
      key: 'onTime',
      label: 'On time',
      kind: 'share',
      to: success === undefined ? undefined : link({ status: success }),
    },
    {
      key: 'firstAttempt',
      label: 'First attempt',
      kind: 'share',
      to: success === undefined ? undefined : link({ status: success }),
    },
    {
      key: 'medianToDelivered',
      label: 'Created to delivered (median)',
      kind: 'duration',
      to: success === undefined ? undefined : link({ status: success }),
    },
  ];
  const zoneNote = `times in ${zone}`;
  const failureStatuses = Object.entries(config.statuses)
    .filter(([, entry]) => entry.final && entry.outcome === 'failure')
    .map(([code]) => Number(code));
  const flowSeries: ChartSeries[] = [
    { key: 'created', label: 'Created', color: SERIES_COLORS[0]! },
    { key: 'completed', label: 'Delivered', color: SERIES_COLORS[1]! },
  ];
  const everyNth = Math.max(1, Math.ceil(figures.createdCompleted.length / 8));
  const flowRows: ChartRow[] = figures.createdCompleted.map((b, i) => ({
    label: i % everyNth === 0 ? bucketLabel(b.at, figures.step, zone) : '',
    title: formatDateTime(b.at, zone),
    values: { created: b.created, completed: b.completed },
    // The jobs created in the bucket (those delivered in it were created earlier).
    to: link({ timestamp_from: b.at, timestamp_to: b.at + figures.step - 1 }),
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
        {tileList.map((tile) => (
          <TileView key={tile.key} tile={tile} figure={tiles[tile.key]} />
        ))}
      </ul>
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
                      <th scope="row">
                        <Link to="/jobs" search={link({ status: t.status })}>
                          {describeStatus(config, t.status).label}
                        </Link>
                      </th>
                      <td className="num">{formatCount(t.spells)}</td>
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
            {figureBasis(figures.failureReasons.figure)}. See the jobs:{' '}
            {failureStatuses.map((code, i) => (
              <span key={code}>
                {i > 0 && ' · '}
                <Link to="/jobs" search={link({ status: code })}>
                  {describeStatus(config, code).label}
                </Link>
              </span>
            ))}
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
                  <th scope="row">
                    {b.branch ? (
                      <Link to="/jobs" search={link({ branch_id: b.branch })}>
                        {branchNames.get(b.branch)?.name || b.branch}
                      </Link>
                    ) : (
                      'No branch'
                    )}
                  </th>
                  <td className="num">{formatCount(b.jobs)}</td>
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
