/** The small pieces the job panel's tabs share: facts lists, values of any shape, codes, times, slots. */
import { Fragment, createContext, useContext, type ReactNode } from 'react';
import type { Rider } from '../../contract';
import { describeStatus, useConfig, type CodeInfo, type NameInfo } from '../../config';
import { Skeleton, ZonedTime, formatDateTime, formatWindow, inViewerZone } from '../../ui';
import { formatLastSeen, isStaleRider, riderPositionAge, staleRiderSeconds } from '../../rules/riders';
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
      <span className="visually-hidden">Still reading</span>
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
  if (value === null || value === undefined || value === '') return <Empty />;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return <>{String(value)}</>;
  if (depth >= 4) return <code className={s.inlineCode}>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <Empty>None</Empty>;
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
    if (entries.length === 0) return <Empty>None</Empty>;
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
  return (
    <span
      title={info.known ? `${noun} code ${info.code}` : `${noun} code ${info.code} is not in the dictionary`}
    >
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
  const config = useConfig();
  if (codes.length === 0) return <Empty>None offered</Empty>;
  if (!onChoose) {
    return (
      <span className={s.plainNext}>
        {codes.map((code) => describeStatus(config, code).label).join(', ')}
      </span>
    );
  }
  return (
    <ul className={s.inlineList} aria-label="Next statuses offered">
      {codes.map((code, i) => (
        <li key={`${code}-${i}`}>
          <button
            type="button"
            className={actionStyles.nextButton}
            aria-label={`Move to ${describeStatus(config, code).label}…`}
            onClick={() => onChoose(code)}
          >
            <StatusBadge code={code} />
          </button>
        </li>
      ))}
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
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return <Empty>Unknown</Empty>;
  const age = riderPositionAge(rider, now) ?? 0;
  return (
    <span className="num">
      {latitude.toFixed(5)}, {longitude.toFixed(5)}{' '}
      {isStaleRider(rider, now, staleRiderSeconds(config)) ? (
        <strong className={s.staleText} title={formatDateTime(rider.updated_at, jobZone)}>
          <span aria-hidden="true">⚠ </span>stale: {formatLastSeen(age)}
        </strong>
      ) : (
        <span className={s.muted}>
          as of <LiveTime epochSeconds={rider.updated_at} />
        </span>
      )}{' '}
      <a
        href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
        target="_blank"
        rel="noreferrer noopener"
      >
        map
      </a>
    </span>
  );
}

/** A slot window in a zone, the zone named; the viewer's own zone on hover. */
export function Slot({ from, to, zone }: { from: number | null; to: number | null; zone: string }) {
  if (from === null && to === null) return <Empty>No slot</Empty>;
  return (
    <span className="num" title={inViewerZone(to ?? from!, zone)}>
      {formatWindow(from, to, zone)}
    </span>
  );
}
