/**
 * Whether the zone editor is used with a finger: then its hints speak of taps, it shows Finish
 * while drawing and its targets are 44 px (src/map/README.md).
 */
import { useState, type PointerEvent } from 'react';
import { useMediaQuery } from '../ui';

/** A screen used with a finger: no hover, no Enter or Alt at hand (a touch seen on the editor says so too). */
const TOUCH_QUERY = '(pointer: coarse), (hover: none)';

/** Whether the editor speaks of taps: the last pointer used on it, else what the screen says it has. */
export function useTouch() {
  const coarse = useMediaQuery(TOUCH_QUERY);
  const [last, setLast] = useState<'touch' | 'mouse' | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!event.pointerType) return;
    const kind = event.pointerType === 'mouse' ? 'mouse' : 'touch';
    if (kind !== last) setLast(kind);
  };
  return { touch: last === null ? coarse : last === 'touch', onPointerDown };
}
