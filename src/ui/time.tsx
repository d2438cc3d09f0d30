import { useEffect, useState } from 'react';
import { formatDateTime, formatRelative } from './time-format';

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

/** Relative time with the exact time in the viewer's zone on hover and for screen readers. */
export function RelativeTime({ epochSeconds, now }: { epochSeconds: number; now?: number }) {
  const exact = formatDateTime(epochSeconds);
  return (
    <time dateTime={new Date(epochSeconds * 1000).toISOString()} title={exact} aria-label={exact}>
      {formatRelative(epochSeconds, now)}
    </time>
  );
}
