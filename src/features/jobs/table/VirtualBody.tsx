import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import type { JobRow, RenderRow } from './JobsTable';
import { HEADER_HEIGHT, ROW_HEIGHT, TOUCH_SELECT_HEIGHT } from './sizes';

/**
 * The rows of a long page, virtualised (loaded only for pages over 100 rows): the rows in
 * view plus a margin are in the DOM, spacer rows keep the scroll height and the table
 * semantics. Rows have a fixed height (CSS), so nothing needs measuring.
 */
/** On a phone each row is a two-line entry of a list and the header is hidden (table.module.css). */
const PHONE = '(max-width: 640px)';
const PHONE_ROW_HEIGHT = 56;

export default function VirtualBody({
  rows,
  renderRow,
  scrollRef,
  scrollToIndex,
  colSpan,
  selectable,
}: {
  rows: JobRow[];
  renderRow: RenderRow;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollToIndex: RefObject<((index: number) => void) | null>;
  colSpan: number;
  /** The rows have the selection's checkboxes (44 px rows on a coarse pointer). */
  selectable: boolean;
}) {
  const phone = window.matchMedia?.(PHONE).matches ?? false;
  const tall = selectable && !phone && (window.matchMedia?.('(pointer: coarse)').matches ?? false);
  const rowHeight = phone ? PHONE_ROW_HEIGHT : tall ? TOUCH_SELECT_HEIGHT : ROW_HEIGHT;
  const headerHeight = phone ? 0 : tall ? TOUCH_SELECT_HEIGHT : HEADER_HEIGHT;
  // The app does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: { width: 1200, height: 600 },
  });

  useEffect(() => {
    scrollToIndex.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
    return () => {
      scrollToIndex.current = null;
    };
  }, [virtualizer, scrollToIndex]);

  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0]!.start - headerHeight : 0;
  const bottom = items.length
    ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - headerHeight)
    : 0;

  return (
    <>
      {top > 0 && (
        <tr aria-hidden="true" style={{ height: top }}>
          <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index) : null;
      })}
      {bottom > 0 && (
        <tr aria-hidden="true" style={{ height: bottom }}>
          <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </>
  );
}
