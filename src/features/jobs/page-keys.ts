/**
 * The jobs screen's page-wide keys (see useJobsKeyboard.ts), loaded once the screen has
 * rendered: `/` focuses the search, `j`/`k` bring the keyboard to the table's row wherever the
 * focus is but in a text field or a dialog, and from a control above the table Esc (and ↓ from a
 * button, a checkbox or the search) leads to that row. Returns the listener's removal.
 */
import type { RefObject } from 'react';

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

export function listenForPageKeys({
  scrollRef,
  searchRef,
  panelOpen,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  panelOpen: RefObject<boolean>;
}): () => void {
  const onKey = (e: KeyboardEvent) => {
    const { key } = e;
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || !/^(\/|j|k|Escape|ArrowDown)$/.test(key))
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
}
