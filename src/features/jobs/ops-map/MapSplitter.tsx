import { useEffect, useRef, useState, type RefObject } from 'react';
import { splitSetting } from '../../../job-views';
import s from './opsMap.module.css';

const SPLIT_MIN = 25;
const SPLIT_MAX = 75;

/**
 * The separator between the table and the map (wide screens): drag it, or focus it and use
 * the arrow keys (Home and End for the ends). The table's share is remembered per browser.
 */
export function MapSplitter({ workRef }: { workRef: RefObject<HTMLDivElement | null> }) {
  const [share, setShare] = useState(splitSetting.load);
  const dragging = useRef(false);
  useEffect(() => {
    const work = workRef.current;
    if (!work) return;
    work.style.setProperty('--table-share', String(share));
    work.style.setProperty('--map-share', String(100 - share));
    return () => {
      work.style.removeProperty('--table-share');
      work.style.removeProperty('--map-share');
    };
  }, [share, workRef]);
  const set = (value: number) => {
    const next = Math.round(Math.max(SPLIT_MIN, Math.min(SPLIT_MAX, value)));
    setShare(next);
    splitSetting.save(next);
  };
  /** The table's share of the width the table and the map have together. */
  const shareAt = (clientX: number) => {
    const table = workRef.current?.querySelector<HTMLElement>('[data-table-region]');
    const map = workRef.current?.querySelector<HTMLElement>('[data-ops-map]');
    if (!table || !map) return share;
    const left = table.getBoundingClientRect().left;
    const right = map.getBoundingClientRect().right;
    return ((clientX - left) / Math.max(1, right - left)) * 100;
  };
  const keys: Record<string, () => void> = {
    ArrowLeft: () => set(share - 5),
    ArrowRight: () => set(share + 5),
    Home: () => set(SPLIT_MIN),
    End: () => set(SPLIT_MAX),
  };
  return (
    <div
      className={s.splitter}
      role="separator"
      aria-orientation="vertical"
      aria-label="Table and map widths"
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuenow={share}
      aria-valuetext={`Table ${share}%, map ${100 - share}%`}
      tabIndex={0}
      title="Drag, or use the arrow keys, to share the width between the table and the map"
      onKeyDown={(e) => {
        const action = keys[e.key];
        if (!action) return;
        e.preventDefault();
        action();
      }}
      onPointerDown={(e) => {
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (dragging.current) set(shareAt(e.clientX));
      }}
      onPointerUp={(e) => {
        dragging.current = false;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
    />
  );
}
