/** The job panel's status history: a timeline, oldest first, with how long each status lasted. */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useContext } from 'react';
import type { StatusHistoryEntry } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { ZonedTime, formatDuration } from '../../ui';
import { LiveTime, useScreenNow } from '../screen-clock';
import { Empty, JobZone } from './DetailParts';
import { StatusBadge } from '../StatusBadge';
import type { TimelineEntry } from './timeline';
import s from './details.module.css';

function Actor({ entry }: { entry: StatusHistoryEntry }) {
  const { t } = useLingui();
  const a = entry.created_by;
  if (!a)
    return (
      <Empty>
        <Trans>unknown actor</Trans>
      </Empty>
    );
  const detail = [a.user_type, a.user_id].filter(Boolean).join(' · ');
  return (
    <>
      <bdi>{a.user_name || a.user_id || t`unknown`}</bdi>
      {detail && (
        <span className={s.muted}>
          {' '}
          (<bdi>{detail}</bdi>)
        </span>
      )}
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
  const { t } = useLingui();
  const config = useConfig();
  const now = useScreenNow();
  const zone = useContext(JobZone);
  if (entries.length === 0)
    return (
      <p className={s.muted}>
        <Trans>No status history recorded.</Trans>
      </p>
    );
  return (
    <ol className={s.timeline} aria-label={label}>
      {entries.map((entry, i) => {
        const status = describeStatus(config, entry.status).label;
        const duration = formatDuration(entry.spent ?? now - entry.created_at);
        const spent =
          entry.spent !== null
            ? t`${duration} in ${status}`
            : ongoing
              ? t`${duration} so far in ${status}`
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
              <Trans>
                by <Actor entry={entry} />
              </Trans>
              {entry.remarks && <p className={s.remarks}>{entry.remarks}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function HistorySummary({ entries, current }: { entries: TimelineEntry[]; current: number }) {
  const { t } = useLingui();
  const config = useConfig();
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (!first || !last) return null;
  const count = entries.length;
  const span = formatDuration(last.created_at - first.created_at);
  const status = describeStatus(config, current).label;
  const changes = t`${plural(count, { one: '# status change', other: '# status changes' })}`;
  return (
    <p className={s.summary}>
      {count > 1 ? (
        <Trans>
          {changes} over {span}. Current status <strong>{status}</strong> since{' '}
          <LiveTime epochSeconds={last.created_at} />.
        </Trans>
      ) : (
        <Trans>
          {changes}. Current status <strong>{status}</strong> since{' '}
          <LiveTime epochSeconds={last.created_at} />.
        </Trans>
      )}
    </p>
  );
}
