import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { formatDateTime, formatRelative, viewerTimeZone } from './time-format';

export * from './time-format';

/** Re-renders every `ms` milliseconds and returns the current time in epoch seconds. */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now() / 1000), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/** The hover text of a time shown in `zone`: the same moment in the viewer's own zone. */
export function inViewerZone(epochSeconds: number, zone?: string): string {
  const viewer = viewerTimeZone();
  const time = formatDateTime(epochSeconds);
  return zone && zone !== viewer
    ? i18n._(msg`Your time (${viewer}): ${time}`)
    : i18n._(msg`${time} (your zone, ${viewer})`);
}

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/**
 * Relative time; the exact time in `zone` (the viewer's when absent) for screen readers, and
 * with the viewer's own on hover.
 */
export function RelativeTime({
  epochSeconds,
  now,
  zone,
}: {
  epochSeconds: number;
  now?: number;
  zone?: string;
}) {
  const exact = formatDateTime(epochSeconds, zone);
  const hover = zone && zone !== viewerTimeZone() ? `${exact}\n${inViewerZone(epochSeconds, zone)}` : exact;
  return (
    <time dateTime={isoOf(epochSeconds)} title={hover} aria-label={exact}>
      {formatRelative(epochSeconds, now)}
    </time>
  );
}

/** An exact time in `zone` with the zone named, the viewer's own zone on hover. */
export function ZonedTime({
  epochSeconds,
  zone,
  className,
}: {
  epochSeconds: number;
  zone?: string;
  className?: string;
}) {
  return (
    <time dateTime={isoOf(epochSeconds)} title={inViewerZone(epochSeconds, zone)} className={className}>
      {formatDateTime(epochSeconds, zone)}
    </time>
  );
}
