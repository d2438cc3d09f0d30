/**
 * The table's fixed sizes in px, as table.module.css sets them (rows have a fixed height, so
 * nothing needs measuring), and the page length from which its rows are virtualised. The table
 * and its lazily loaded virtual body (VirtualBody) read them here.
 */

/** Above this many rows a page is virtualised (only the rows in view are in the DOM). */
export const VIRTUALISE_ABOVE = 100;
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 34;
/** Rows and header of a table with the selection, on a coarse pointer: its 44 px targets. */
export const TOUCH_SELECT_HEIGHT = 44;
