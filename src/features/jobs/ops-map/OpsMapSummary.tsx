/**
 * What the operations map shows, told beside it: the summary of what is on the map (a live
 * region), the list of what could not be placed, the note on zones, and the key.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MarkerSymbol } from '../../../map';
import { countOf, formatCount } from '../../../lib/count';
import {
  BRANCH_COLOR,
  RIDER_COLOR,
  SHAPES,
  TONE_COLORS,
  stopName,
  type OpsMapData,
} from '../../../job-views';
import s from './opsMap.module.css';

/** The honest summary: what is on the map and what could not be placed (a live region). */
export function Summary({
  id,
  data,
  loading,
  lateOnly,
  note,
}: {
  id: string;
  data: OpsMapData;
  loading: boolean;
  lateOnly: boolean;
  note: string | null;
}) {
  const { summary: n, unplacedStops, unplacedRiders } = data;
  let text: string;
  if (n.jobs === 0)
    text = loading
      ? 'Loading jobs…'
      : lateOnly
        ? 'No late jobs to show on the map.'
        : 'No jobs to show on the map.';
  else if (n.stops > 0 && n.placedStops === 0 && n.placedRiders === 0) {
    text =
      `None of the ${countOf(n.stops, 'stop', 'stops')}${n.riders ? ` and ${countOf(n.riders, 'rider', 'riders')}` : ''} of these ` +
      `${countOf(n.jobs, 'job', 'jobs')} has coordinates: the service sends addresses without a position. ` +
      `The map shows their ${countOf(n.branches, 'branch', 'branches')}.`;
  } else {
    const late = n.lateStops ? ` (${formatCount(n.placedLateStops)} late)` : '';
    const stale = n.staleRiders ? ` (${formatCount(n.staleRiders)} stale)` : '';
    const parts = [
      `${formatCount(n.placedStops)} of ${countOf(n.stops, 'stop', 'stops')}${late}`,
      `${formatCount(n.placedRiders)} of ${countOf(n.riders, 'rider', 'riders')}${stale}`,
      countOf(n.branches, 'branch', 'branches'),
    ];
    text = `${countOf(n.jobs, 'job', 'jobs')} on the map: ${parts.join(', ')}.`;
    const missing = [
      unplacedStops.length ? countOf(unplacedStops.length, 'stop', 'stops') : '',
      unplacedRiders.length ? countOf(unplacedRiders.length, 'rider', 'riders') : '',
    ].filter(Boolean);
    if (missing.length) text += ` Not placed, for want of coordinates: ${missing.join(' and ')}.`;
  }
  return (
    <div className={s.summary}>
      <p id={id} role="status" className={s.summaryText}>
        {text}
      </p>
      {note && (
        <p role="status" className={s.note}>
          {note}
        </p>
      )}
    </div>
  );
}

/** What could not be placed, by job, each openable (a disclosure; its list is built when opened). */
export function Unplaced({ data, onOpen }: { data: OpsMapData; onOpen: (jobId: number) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const { unplacedStops, unplacedRiders } = data;
  const count = unplacedStops.length + unplacedRiders.length;
  const byJob = useMemo(() => {
    const out = new Map<number, { names: string[]; late: boolean; noAddress: boolean }>();
    for (const stop of unplacedStops) {
      const entry = out.get(stop.jobId) ?? { names: [], late: false, noAddress: true };
      entry.names.push(stopName(stop.kind, stop.index));
      entry.late ||= stop.late;
      entry.noAddress &&= stop.noAddress;
      out.set(stop.jobId, entry);
    }
    return [...out];
  }, [unplacedStops]);
  if (count === 0) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !ref.current?.open) return;
    event.preventDefault();
    event.stopPropagation();
    ref.current.open = false;
    ref.current.querySelector('summary')?.focus();
  };
  return (
    <details
      ref={ref}
      className={s.unplaced}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary>Not placed ({formatCount(count)})</summary>
      {open && (
        <div className={s.unplacedPanel}>
          {byJob.length > 0 && (
            <>
              <h3 className={s.unplacedTitle}>Stops without coordinates, by job</h3>
              <ul className={s.unplacedList}>
                {byJob.map(([jobId, entry]) => (
                  <li key={jobId}>
                    <button type="button" className={s.linkButton} onClick={() => onOpen(jobId)}>
                      Job {jobId}
                    </button>{' '}
                    {entry.names.join(', ')}
                    <span className={s.muted}>
                      {entry.noAddress ? ': no address' : ': the address has no coordinates'}
                    </span>
                    {entry.late && <strong className={s.late}> · late</strong>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {unplacedRiders.length > 0 && (
            <>
              <h3 className={s.unplacedTitle}>Riders without a last position</h3>
              <ul className={s.unplacedList}>
                {unplacedRiders.map((rider) => (
                  <li key={rider.riderId}>
                    <bdi>{rider.name}</bdi>:{' '}
                    {rider.jobIds.map((jobId, i) => (
                      <span key={jobId}>
                        {i > 0 && ', '}
                        <button type="button" className={s.linkButton} onClick={() => onOpen(jobId)}>
                          Job {jobId}
                        </button>
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </details>
  );
}

export function ZonesNote({ state }: { state: OpsMapData['zonesState'] }) {
  if (state === 'unlisted')
    return <p className={s.quiet}>Delivery zones are not shown: this service does not list branches.</p>;
  if (state === 'none') return <p className={s.quiet}>These branches have no delivery zones.</p>;
  return null;
}

/** The key; `staleMinutes`: the age past which a rider's position is stale (drawn faded). */
export function Legend({ staleMinutes }: { staleMinutes: number }) {
  const items: [Parameters<typeof MarkerSymbol>[0], string][] = [
    [{ shape: SHAPES.pickup, color: TONE_COLORS.neutral }, 'Pickup'],
    [{ shape: SHAPES.delivery, color: TONE_COLORS.neutral }, 'Delivery'],
    [{ shape: SHAPES.rider, color: RIDER_COLOR }, 'Rider'],
    [
      { shape: SHAPES.rider, color: RIDER_COLOR, dim: true },
      `Stale rider: last seen over ${staleMinutes} min ago (faded)`,
    ],
    [{ shape: SHAPES.branch, color: BRANCH_COLOR }, 'Branch'],
    [{ shape: SHAPES.delivery, color: TONE_COLORS.neutral, alert: true }, 'Late (ringed)'],
  ];
  return (
    <ul className={s.legend} aria-label="Map key: stops are coloured by status">
      {items.map(([symbol, label]) => (
        <li key={label}>
          <MarkerSymbol {...symbol} />
          {label}
        </li>
      ))}
    </ul>
  );
}
