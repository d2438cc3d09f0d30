import { useEffect, useRef, type RefObject } from 'react';

/**
 * The jobs screen's keyboard and focus: `/` focuses the search (unless typing somewhere or a
 * dialog is open), Esc there comes back to the table, the panel beside the table follows the
 * keyboard's row, and when the panel closes (Esc, the close button, Back) focus returns to the
 * job's row, so the keyboard user carries on from where they were; also when the panel came
 * from a link.
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

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return {
    /** For the search field. */
    searchRef,
    /** Back to the table's row that takes the keyboard (Esc in the filters). */
    focusTable: () => scrollRef.current?.querySelector<HTMLElement>('tr[tabindex="0"]')?.focus(),
    /** The keyboard moved to a row: the panel beside the table shows its job. */
    follow: (id: number) => {
      if (wide && openJobId !== undefined && id !== openJobId) openJob(id);
    },
  };
}
