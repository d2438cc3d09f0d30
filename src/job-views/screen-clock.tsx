import { createContext, useContext, useState } from 'react';
import { RelativeTime } from '../ui';

/** One clock for every relative time on the screen (instead of one timer per cell). */
export const NowContext = createContext<number | undefined>(undefined);

/** The screen's clock, epoch seconds. */
export function useScreenNow(): number {
  const [mounted] = useState(() => Date.now() / 1000);
  return useContext(NowContext) ?? mounted;
}

export function LiveTime({ epochSeconds, zone }: { epochSeconds: number; zone?: string }) {
  const now = useContext(NowContext);
  return <RelativeTime epochSeconds={epochSeconds} now={now} zone={zone} />;
}
