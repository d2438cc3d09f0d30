/** The job panel's status history: a timeline, oldest first, with how long each status lasted. */
import { useContext } from 'react';
import type { StatusHistoryEntry } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { ZonedTime, formatDuration } from '../../ui';
import { LiveTime, useScreenNow } from '../screen-clock';
import { Empty, JobZone } from './DetailParts';
import { StatusBadge } from '../StatusBadge';
import type { TimelineEntry } from './timeline';
import s from './details.module.css';
import { countOf } from '../../lib/count';

function Actor({ entry }: { entry: StatusHistoryEntry }) {
  const a = entry.created_by;
  if (!a) return <Empty>unknown actor</Empty>;
  const detail = [a.user_type, a.user_id].filter(Boolean).join(' · ');
  return (
    <>
      {a.user_name || a.user_id || 'unknown'}
      {detail && <span className={s.muted}> ({detail})</span>}
    </>
  );
}

/**
 * Status history, oldest first. Each entry says how long the work stayed in its status ("8 min
 * in Created"); the last, while the work is still open (`ongoing`), how long it has been in it so far.
 */
export function Timeline({
  entries,
  label,
  ongoing,
}: {
  entries: TimelineEntry[];
  label: string;
  ongoing: boolean;
}) {
  const config = useConfig();
  const now = useScreenNow();
  const zone = useContext(JobZone);
  if (entries.length === 0) return <p className={s.muted}>No status history recorded.</p>;
  return (
    <ol className={s.timeline} aria-label={label}>
      {entries.map((entry, i) => {
        const status = describeStatus(config, entry.status).label;
        const spent =
          entry.spent !== null
            ? `${formatDuration(entry.spent)} in ${status}`
            : ongoing
              ? `${formatDuration(now - entry.created_at)} so far in ${status}`
              : null;
        return (
          <li key={i} className={s.event}>
            <span className={s.dot} aria-hidden="true" />
            <div className={s.eventHead}>
              <StatusBadge code={entry.status} />
              <ZonedTime epochSeconds={entry.created_at} zone={zone} className={`${s.eventTime} num`} />
              {spent && <span className={`${s.gap} num`}>{spent}</span>}
            </div>
            <div className={s.eventBody}>
              by <Actor entry={entry} />
              {entry.remarks && <p className={s.remarks}>{entry.remarks}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function HistorySummary({ entries, current }: { entries: TimelineEntry[]; current: number }) {
  const config = useConfig();
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (!first || !last) return null;
  return (
    <p className={s.summary}>
      {countOf(entries.length, 'status change', 'status changes')}
      {entries.length > 1 && <> over {formatDuration(last.created_at - first.created_at)}</>}. Current status{' '}
      <strong>{describeStatus(config, current).label}</strong> since{' '}
      <LiveTime epochSeconds={last.created_at} />.
    </p>
  );
}
