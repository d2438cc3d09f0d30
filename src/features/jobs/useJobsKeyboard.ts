import { useEffect, useRef, type RefObject } from 'react';

/** The table's row that takes the keyboard, when the table shows. */
const keyboardRow = (scroller: HTMLElement | null) =>
  scroller?.querySelector<HTMLElement>('tr[tabindex="0"]');

/**
 * The jobs screen's keyboard and focus: `/` focuses the search, and `j`/`k` bring the keyboard
 * to the table's row (then move it, in the table), wherever the focus is but in a text field or a
 * dialog: checkboxes and buttons ("Late only", a status chip) count as not typing. From the
 * controls above the table (the header, the filters, the status chips) Esc leads to the table's
 * row, and ↓ too from a button, a checkbox or the search. The panel beside the table follows the
 * keyboard's row, and when the panel closes (Esc, the close button, Back) focus returns to the
 * job's row, so the keyboard user carries on from where they were; also when the panel came from
 * a link.
 */
export function useJobsKeyboard({
  openJobId,
  scrollRef,
  wide,
  openJob,
}: {
  openJobId: number | undefined;
  /** The table's scroller, which holds its rows. */
  scrollRef: RefObject<HTMLElement | null>;
  /** The panel sits beside the table (it follows the keyboard's row only then). */
  wide: boolean;
  openJob: (id: number) => void;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  const panelOpen = useRef(openJobId !== undefined);
  useEffect(() => {
    panelOpen.current = openJobId !== undefined;
  }, [openJobId]);

  const lastOpen = useRef<number | undefined>(openJobId);
  useEffect(() => {
    const previous = lastOpen.current;
    lastOpen.current = openJobId;
    if (previous === undefined || openJobId !== undefined) return;
    // After Radix's own focus handling on close, which runs in a timeout of its own.
    const t = setTimeout(
      () => scrollRef.current?.querySelector<HTMLElement>(`tr[data-job-id="${previous}"]`)?.focus(),
      0,
    );
    return () => clearTimeout(t);
  }, [openJobId, scrollRef]);

  // The page's keys (/, j/k, Esc and ↓ towards the rows) come with their own small chunk, loaded
  // once the screen has rendered: out of the first load.
  useEffect(() => {
    let off: (() => void) | undefined;
    let live = true;
    void import('./page-keys').then(({ listenForPageKeys }) => {
      if (live) off = listenForPageKeys({ scrollRef, searchRef, panelOpen });
    });
    return () => {
      live = false;
      off?.();
    };
  }, [scrollRef]);

  return {
    /** For the search field. */
    searchRef,
    /** Back to the table's row that takes the keyboard (Esc in the filters). */
    focusTable: () => keyboardRow(scrollRef.current)?.focus(),
    /** The keyboard moved to a row: the panel beside the table shows its job. */
    follow: (id: number) => {
      if (wide && openJobId !== undefined && id !== openJobId) openJob(id);
    },
  };
}
