import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { splitSetting } from '../../../job-views';
import { numberFormat } from '../../../lib/count';
import s from './opsMap.module.css';

const SPLIT_MIN = 25;
const SPLIT_MAX = 75;

/**
 * The separator between the table and the map (wide screens): drag it, or focus it and use
 * the arrow keys (Home and End for the ends). The table's share is remembered per browser.
 * Right to left the table is on the right: the share is measured from its right edge, and the
 * arrows move the separator the way they point.
 */
export function MapSplitter({ workRef }: { workRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useLingui();
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
    if (rightToLeft()) {
      const start = table.getBoundingClientRect().right;
      const end = map.getBoundingClientRect().left;
      return ((start - clientX) / Math.max(1, start - end)) * 100;
    }
    const start = table.getBoundingClientRect().left;
    const end = map.getBoundingClientRect().right;
    return ((clientX - start) / Math.max(1, end - start)) * 100;
  };
  const rightToLeft = () => !!workRef.current && getComputedStyle(workRef.current).direction === 'rtl';
  const keys: Record<string, () => void> = {
    ArrowLeft: () => set(share + (rightToLeft() ? 5 : -5)),
    ArrowRight: () => set(share + (rightToLeft() ? -5 : 5)),
    Home: () => set(SPLIT_MIN),
    End: () => set(SPLIT_MAX),
  };
  const percent = numberFormat({ style: 'percent' });
  const tableShare = percent.format(share / 100);
  const mapShare = percent.format((100 - share) / 100);
  return (
    <div
      className={s.splitter}
      role="separator"
      aria-orientation="vertical"
      aria-label={t`Table and map widths`}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuenow={share}
      aria-valuetext={t`Table ${tableShare}, map ${mapShare}`}
      tabIndex={0}
      title={t`Drag, or use the arrow keys, to share the width between the table and the map`}
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
