import { Link } from '@tanstack/react-router';
import type { RiderRow } from '../../rules/riders';
import { riderPositionAge as positionAge } from '../../rules/riders';
import { jobLateness, type LateRule } from '../../rules/lateness';
import { formatDuration } from '../../lib/duration';
import { Button, EmptyState } from '../../ui';
import { formatCount } from '../../lib/count';
import { LiveTime, StatusBadge } from '../../job-views';
import { formatFigure, figureBasis } from './figure-text';
import s from './controlRoom.module.css';

/** "3 min ago", marked stale past the threshold; "no position" when the rider has none. */
function LastSeen({ row, now }: { row: RiderRow; now: number }) {
  const age = positionAge(row.rider, now);
  if (row.lastSeen === null || age === null) return <span className={s.stale}>no position</span>;
  return (
    <span className={row.stale ? s.stale : undefined}>
      <LiveTime epochSeconds={row.lastSeen} />
      {row.stale && ' · stale'}
    </span>
  );
}

/**
 * Every rider seen in the open work and the window: on duty or not, what they carry, their
 * late stops, when they were last seen (stale marked), and their figures of the window. A rider
 * chosen shows their open jobs and their position, with its age.
 */
export function RidersSection({
  riders,
  selected,
  now,
  lateRule,
  onSelect,
  onOpenJob,
}: {
  riders: RiderRow[];
  selected: number | undefined;
  now: number;
  lateRule: LateRule;
  onSelect: (id: number | undefined) => void;
  onOpenJob: (id: number) => void;
}) {
  const chosen = riders.find((r) => r.id === selected);
  const onDuty = riders.filter((r) => r.open.length > 0).length;
  return (
    <section className={s.section} aria-labelledby="riders-title">
      <h2 id="riders-title" className={s.sectionTitle}>
        Riders
      </h2>
      <p className={s.note}>
        {formatCount(riders.length)} riders seen in the open work and the window; {formatCount(onDuty)} on
        duty (carrying open jobs). A position older than the threshold is marked stale; its age is the rider’s
        last update.
      </p>
      {riders.length === 0 ? (
        <EmptyState title="No rider seen">No open job and no job of the window has a rider.</EmptyState>
      ) : (
        <div
          className={`${s.tableBox} ${s.listBox}`}
          tabIndex={0}
          role="region"
          aria-label="Riders, one per row"
        >
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">Rider</th>
                <th scope="col">On duty</th>
                <th scope="col" className="num">
                  Open jobs
                </th>
                <th scope="col" className="num">
                  Carrying now
                </th>
                <th scope="col" className="num">
                  Late stops
                </th>
                <th scope="col">Last seen</th>
                <th scope="col" className="num">
                  Jobs in window
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
              </tr>
            </thead>
            <tbody>
              {riders.map((r) => (
                <tr key={r.id} aria-selected={r.id === selected} data-rider-id={r.id}>
                  <th scope="row">
                    <button
                      type="button"
                      className={s.linkButton}
                      aria-pressed={r.id === selected}
                      onClick={() => onSelect(r.id === selected ? undefined : r.id)}
                    >
                      {r.name || `Rider ${r.id}`}
                    </button>
                  </th>
                  <td>{r.open.length > 0 ? 'On duty' : 'Off'}</td>
                  <td className="num">{formatCount(r.open.length)}</td>
                  <td className="num">{formatCount(r.window?.carrying ?? 0)}</td>
                  <td className="num">{formatCount(r.lateStops)}</td>
                  <td>
                    <LastSeen row={r} now={now} />
                  </td>
                  <td className="num">{formatCount(r.window?.jobs ?? 0)}</td>
                  <td className="num">{formatCount(r.window?.completed ?? 0)}</td>
                  <td className="num">{formatCount(r.window?.failed ?? 0)}</td>
                  <td
                    className="num"
                    title={r.window ? figureBasis(r.window.onTime) : 'no job in the window'}
                  >
                    {formatFigure(r.window?.onTime.value ?? null, 'share')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen && (
        <div
          className={s.block}
          aria-label={`Rider ${chosen.name}`}
          role="region"
          data-rider-detail={chosen.id}
        >
          <h3 className={s.blockTitle}>{chosen.name || `Rider ${chosen.id}`}</h3>
          <p>
            {chosen.lastSeen === null ? (
              'This rider has sent no position.'
            ) : (
              <>
                Last position{' '}
                <span className="num">
                  {chosen.rider.last_coordinates.latitude?.toFixed(5)},{' '}
                  {chosen.rider.last_coordinates.longitude?.toFixed(5)}
                </span>
                , {formatDuration(positionAge(chosen.rider, now) ?? 0)} old
                {chosen.stale && <strong className={s.stale}> (stale)</strong>}.{' '}
                <Link to="/jobs" search={{ page: 1, view: 'map', scope: 'all' }}>
                  Show the operations map
                </Link>
              </>
            )}
          </p>
          {chosen.open.length === 0 ? (
            <p className={s.note}>No open job.</p>
          ) : (
            <ul className={s.riderJobs}>
              {chosen.open.map((job) => {
                const late = jobLateness(job, now, lateRule);
                return (
                  <li key={job.id}>
                    <Button size="sm" onClick={() => onOpenJob(job.id)}>
                      Job {job.id}
                    </Button>{' '}
                    <StatusBadge code={job.status} /> {job.order_id}
                    {late.late && <span className={s.stale}> · late</span>}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
