/**
 * What the operations map shows, told beside it: the summary of what is on the map (a live
 * region), the list of what could not be placed, the note on zones, and the key.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MarkerSymbol } from '../../../map';
import { formatCount } from '../../../lib/count';
import {
  BRANCH_COLOR,
  RIDER_COLOR,
  SHAPES,
  TONE_COLORS,
  stopName,
  type OpsMapData,
} from '../../../job-views';
import { joinParts, listSeparator } from '../table/view-description';
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
  const { t } = useLingui();
  const { summary: n, unplacedStops, unplacedRiders } = data;
  const stopsOf = (stops: number) => t`${plural(stops, { one: '# stop', other: '# stops' })}`;
  const ridersOf = (riders: number) => t`${plural(riders, { one: '# rider', other: '# riders' })}`;
  const { jobs: jobCount, branches: branchCount } = n;
  const jobs = t`${plural(jobCount, { one: '# job', other: '# jobs' })}`;
  const branches = t`${plural(branchCount, { one: '# branch', other: '# branches' })}`;
  const stops = stopsOf(n.stops);
  const riders = ridersOf(n.riders);
  let text: string;
  if (n.jobs === 0)
    text = loading
      ? t`Loading jobs…`
      : lateOnly
        ? t`No late jobs to show on the map.`
        : t`No jobs to show on the map.`;
  else if (n.stops > 0 && n.placedStops === 0 && n.placedRiders === 0) {
    text = n.riders
      ? t`None of the ${stops} and ${riders} of these ${jobs} has coordinates: the service sends addresses without a position. The map shows their ${branches}.`
      : t`None of the ${stops} of these ${jobs} has coordinates: the service sends addresses without a position. The map shows their ${branches}.`;
  } else {
    const placedStops = formatCount(n.placedStops);
    const placedRiders = formatCount(n.placedRiders);
    const lateCount = formatCount(n.placedLateStops);
    const staleCount = formatCount(n.staleRiders);
    const parts = joinParts([
      n.lateStops ? t`${placedStops} of ${stops} (${lateCount} late)` : t`${placedStops} of ${stops}`,
      n.staleRiders ? t`${placedRiders} of ${riders} (${staleCount} stale)` : t`${placedRiders} of ${riders}`,
      branches,
    ]);
    text = t`${jobs} on the map: ${parts}.`;
    const missingStops = stopsOf(unplacedStops.length);
    const missingRiders = ridersOf(unplacedRiders.length);
    const missing =
      unplacedStops.length && unplacedRiders.length
        ? t`${missingStops} and ${missingRiders}`
        : unplacedStops.length
          ? missingStops
          : unplacedRiders.length
            ? missingRiders
            : '';
    if (missing) text += ' ' + t`Not placed, for want of coordinates: ${missing}.`;
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
  const { t } = useLingui();
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
  const countText = formatCount(count);
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
      <summary>
        <Trans>Not placed ({countText})</Trans>
      </summary>
      {open && (
        <div className={s.unplacedPanel}>
          {byJob.length > 0 && (
            <>
              <h3 className={s.unplacedTitle}>
                <Trans>Stops without coordinates, by job</Trans>
              </h3>
              <ul className={s.unplacedList}>
                {byJob.map(([jobId, entry]) => (
                  <li key={jobId}>
                    <button type="button" className={s.linkButton} onClick={() => onOpen(jobId)}>
                      <Trans>Job {jobId}</Trans>
                    </button>{' '}
                    {joinParts(entry.names)}
                    <span className={s.muted}>
                      {entry.noAddress ? t`: no address` : t`: the address has no coordinates`}
                    </span>
                    {entry.late && (
                      <strong className={s.late}>
                        {' · '}
                        <Trans>late</Trans>
                      </strong>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {unplacedRiders.length > 0 && (
            <>
              <h3 className={s.unplacedTitle}>
                <Trans>Riders without a last position</Trans>
              </h3>
              <ul className={s.unplacedList}>
                {unplacedRiders.map((rider) => (
                  <li key={rider.riderId}>
                    <bdi>{rider.name}</bdi>:{' '}
                    {rider.jobIds.map((jobId, i) => (
                      <span key={jobId}>
                        {i > 0 && listSeparator()}
                        <button type="button" className={s.linkButton} onClick={() => onOpen(jobId)}>
                          <Trans>Job {jobId}</Trans>
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
    return (
      <p className={s.quiet}>
        <Trans>Delivery zones are not shown: this service does not list branches.</Trans>
      </p>
    );
  if (state === 'none')
    return (
      <p className={s.quiet}>
        <Trans>These branches have no delivery zones.</Trans>
      </p>
    );
  return null;
}

/** The key; `staleMinutes`: the age past which a rider's position is stale (drawn faded). */
export function Legend({ staleMinutes }: { staleMinutes: number }) {
  const { t } = useLingui();
  const items: [Parameters<typeof MarkerSymbol>[0], string][] = [
    [{ shape: SHAPES.pickup, color: TONE_COLORS.neutral }, t`Pickup`],
    [{ shape: SHAPES.delivery, color: TONE_COLORS.neutral }, t`Delivery`],
    [{ shape: SHAPES.rider, color: RIDER_COLOR }, t`Rider`],
    [
      { shape: SHAPES.rider, color: RIDER_COLOR, dim: true },
      t`Stale rider: last seen over ${staleMinutes} min ago (faded)`,
    ],
    [{ shape: SHAPES.branch, color: BRANCH_COLOR }, t`Branch`],
    [{ shape: SHAPES.delivery, color: TONE_COLORS.neutral, alert: true }, t`Late (ringed)`],
  ];
  return (
    <ul className={s.legend} aria-label={t`Map key: stops are coloured by status`}>
      {items.map(([symbol, label]) => (
        <li key={label}>
          <MarkerSymbol {...symbol} />
          {label}
        </li>
      ))}
    </ul>
  );
}
