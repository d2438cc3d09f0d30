import { useEffect, useRef, type RefObject } from 'react';

/**
 * Typing goes there: a text field (not a checkbox, radio or button input), a select (it finds
 * options by letter), an editable element.
 */
const typingIn = (t: HTMLElement) =>
  t.isContentEditable ||
  /^(TEXTAREA|SELECT)$/.test(t.tagName) ||
  (t instanceof HTMLInputElement && !/^(checkbox|radio|button|submit|reset|range|color|file)$/.test(t.type));

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

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { key } = e;
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        e.defaultPrevented ||
        !/^(\/|j|k|Escape|ArrowDown)$/.test(key)
      )
        return;
      // A dialog (the job's overlay, a popover, a confirmation) has the keys to itself.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const t = e.target as HTMLElement;
      const typing = typingIn(t);
      const row = keyboardRow(scrollRef.current);
      const to =
        key === '/'
          ? !typing && searchRef.current
          : key === 'j' || key === 'k'
            ? !typing && !t.closest('tbody') && row
            : // From a control above the table: Esc but in a text field (whose own Esc the filters
              // handle) or beside an open panel (Esc closes it); ↓ from a button, a checkbox or the
              // search, where it has no use of its own (a select, a combobox and a date-time field
              // keep it). The row follows the control (4: DOCUMENT_POSITION_FOLLOWING).
              row &&
              t.closest('main') &&
              t.compareDocumentPosition(row) & 4 &&
              (key === 'Escape'
                ? !typing && !panelOpen.current
                : t.matches('button, [type="checkbox"], [type="search"]')) &&
              row;
      if (to) {
        e.preventDefault();
        to.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
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
