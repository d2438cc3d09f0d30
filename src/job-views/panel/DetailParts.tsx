/** The small pieces the job panel's tabs share: facts lists, values of any shape, codes, times, slots. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, createContext, useContext, type ReactNode } from 'react';
import type { Rider } from '../../contract';
import { describeStatus, useConfig, type CodeInfo, type NameInfo } from '../../config';
import { Skeleton, ZonedTime, formatDateTime, formatDuration, formatWindow, inViewerZone } from '../../ui';
import { isStaleRider, riderPositionAge, staleRiderSeconds } from '../../rules/riders';
import { LiveTime, useScreenNow } from '../screen-clock';
import { StatusBadge } from '../StatusBadge';
import s from './details.module.css';
import actionStyles from '../actions/actions.module.css';

/** The zone the job's times are shown in (its branch's, or the viewer's). */
export const JobZone = createContext<string | undefined>(undefined);

/** The panel shows a working set's record while the whole job is read: what only the whole job has waits. */
export const ReadingWhole = createContext(false);

/** `children`, or a skeleton while the whole job is read. */
export function Coming({ children }: { children: ReactNode }) {
  if (!useContext(ReadingWhole)) return <>{children}</>;
  return (
    <span data-coming>
      <Skeleton width="8em" />
      <span className="visually-hidden">
        <Trans>Still reading</Trans>
      </span>
    </span>
  );
}

export function humanize(key: string): string {
  const text = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : key;
}

export function Empty({ children = '—' }: { children?: ReactNode }) {
  return <span className={s.muted}>{children}</span>;
}

/** Any value of an undocumented shape (addresses, customers, extra fields), without crashing on null. */
export function GenericValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  const { t } = useLingui();
  if (value === null || value === undefined || value === '') return <Empty />;
  if (typeof value === 'boolean') return <>{value ? t`Yes` : t`No`}</>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return <>{String(value)}</>;
  if (depth >= 4) return <code className={s.inlineCode}>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0)
      return (
        <Empty>
          <Trans>None</Trans>
        </Empty>
      );
    return (
      <ol className={s.genericList}>
        {value.map((item, i) => (
          <li key={i}>
            <GenericValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0)
      return (
        <Empty>
          <Trans>None</Trans>
        </Empty>
      );
    return (
      <dl className={s.genericDl}>
        {entries.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{humanize(k)}</dt>
            <dd>
              <GenericValue value={v} depth={depth + 1} />
            </dd>
          </Fragment>
        ))}
      </dl>
    );
  }
  return <>{String(value)}</>;
}

export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {items.map(([label, value], i) => (
        <Fragment key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function ExactTime({ epochSeconds, zone }: { epochSeconds: number | null; zone?: string }) {
  const jobZone = useContext(JobZone);
  if (epochSeconds === null) return <Empty />;
  return (
    <span className="num">
      <ZonedTime epochSeconds={epochSeconds} zone={zone ?? jobZone} /> (
      <LiveTime epochSeconds={epochSeconds} />)
    </span>
  );
}

/** A code's label with the raw code quieter beside it (docs/design.md, decision 4). */
export function CodeLabel({ info, noun }: { info: CodeInfo | NameInfo; noun: string }) {
  const { t } = useLingui();
  const code = info.code;
  return (
    <span title={info.known ? t`${noun} code ${code}` : t`${noun} code ${code} is not in the dictionary`}>
      {info.label}
      {info.known && <span className={`${s.code} num`}> {info.code}</span>}
    </span>
  );
}

/**
 * The statuses offered next. Where the service takes status changes (`onChoose`), each is a
 * button that opens the change; elsewhere (a bare service, a sign-in that may not act) they are
 * plain text, never drawn as buttons.
 */
export function NextStatuses({ codes, onChoose }: { codes: number[]; onChoose?: (code: number) => void }) {
  const { t } = useLingui();
  const config = useConfig();
  if (codes.length === 0)
    return (
      <Empty>
        <Trans>None offered</Trans>
      </Empty>
    );
  if (!onChoose) {
    return (
      <span className={s.plainNext}>
        {codes.map((code) => describeStatus(config, code).label).join(', ')}
      </span>
    );
  }
  return (
    <ul className={s.inlineList} aria-label={t`Next statuses offered`}>
      {codes.map((code, i) => {
        const status = describeStatus(config, code).label;
        return (
          <li key={`${code}-${i}`}>
            <button
              type="button"
              className={actionStyles.nextButton}
              aria-label={t`Move to ${status}…`}
              onClick={() => onChoose(code)}
            >
              <StatusBadge code={code} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The rider's last position, with how old it is (the rider's `updated_at`: the interface gives
 * no time of the fix) at the screen's clock; a stale one (src/rules/riders.ts) is marked in words.
 */
export function RiderPosition({ rider }: { rider: Rider }) {
  const config = useConfig();
  const now = useScreenNow();
  const jobZone = useContext(JobZone);
  const { latitude, longitude } = rider.last_coordinates;
  if (typeof latitude !== 'number' || typeof longitude !== 'number')
    return (
      <Empty>
        <Trans>Unknown</Trans>
      </Empty>
    );
  const age = formatDuration(riderPositionAge(rider, now) ?? 0);
  return (
    <span className="num">
      {latitude.toFixed(5)}, {longitude.toFixed(5)}{' '}
      {isStaleRider(rider, now, staleRiderSeconds(config)) ? (
        <strong className={s.staleText} title={formatDateTime(rider.updated_at, jobZone)}>
          <span aria-hidden="true">⚠ </span>
          <Trans>stale: last seen {age} ago</Trans>
        </strong>
      ) : (
        <span className={s.muted}>
          <Trans>
            as of <LiveTime epochSeconds={rider.updated_at} />
          </Trans>
        </span>
      )}{' '}
      <a
        href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
        target="_blank"
        rel="noreferrer noopener"
      >
        <Trans>map</Trans>
      </a>
    </span>
  );
}

/** A slot window in a zone, the zone named; the viewer's own zone on hover. */
export function Slot({ from, to, zone }: { from: number | null; to: number | null; zone: string }) {
  if (from === null && to === null)
    return (
      <Empty>
        <Trans>No slot</Trans>
      </Empty>
    );
  return (
    <span className="num" title={inViewerZone(to ?? from!, zone)}>
      {formatWindow(from, to, zone)}
    </span>
  );
}
