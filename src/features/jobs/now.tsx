import { createContext, useContext } from 'react';
import { RelativeTime } from '../../ui';

/** One clock for every relative time on the screen (instead of one timer per cell). */
export const NowContext = createContext<number | undefined>(undefined);

export function LiveTime({ epochSeconds }: { epochSeconds: number }) {
  const now = useContext(NowContext);
  return <RelativeTime epochSeconds={epochSeconds} now={now} />;
}
