import { Trans } from '@lingui/react/macro';
import { epochToZoned, zonedToEpoch } from '../../ui';
import s from './controlRoom.module.css';

const DAY_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-26" for the day of `at` in `zone`. */
function dayInput(at: number | undefined, zone: string): string {
  if (at === undefined) return '';
  const t = epochToZoned(at, zone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/** The start (or the end) of a typed day in `zone`; null when the text is not a day. */
function dayEdge(value: string, zone: string, edge: 'start' | 'end'): number | null {
  const m = DAY_INPUT.exec(value);
  if (!m) return null;
  const day = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return edge === 'start'
    ? zonedToEpoch({ ...day, hour: 0, minute: 0 }, zone)
    : zonedToEpoch({ ...day, hour: 23, minute: 59, second: 59 }, zone);
}

/** A custom window: from one day to another (both whole days, in `zone`). */
export function WindowFields({
  from,
  to,
  zone,
  onChange,
}: {
  from: number | undefined;
  to: number | undefined;
  zone: string;
  onChange: (from: number | undefined, to: number | undefined) => void;
}) {
  return (
    <>
      <label className={s.field}>
        <Trans context="dates">From</Trans>
        <input
          type="date"
          value={dayInput(from, zone)}
          onChange={(e) => onChange(dayEdge(e.target.value, zone, 'start') ?? from, to)}
        />
      </label>
      <label className={s.field}>
        <Trans context="dates">To</Trans>
        <input
          type="date"
          value={dayInput(to, zone)}
          onChange={(e) => onChange(from, dayEdge(e.target.value, zone, 'end') ?? undefined)}
        />
      </label>
    </>
  );
}
