/**
 * The working set (docs/design.md, "The working set"): the browser's one copy of the open work
 * and the control room's window, as compact records, kept current by the cheapest means the
 * service offers and read by one tab per browser. Below job-views, above api.
 */
export { useWorkingSet, type WorkingSet } from './useWorkingSet';
export { useWorkingSetJobs } from './useWorkingSetJobs';
export type { SetState, PartState, SyncMode, Snapshot } from './store';
export { NOTIFY_KEY, LATE_CHECK_MS } from './late-watch';
export { WINDOW_DAYS } from './reader';
export { isCompactJob } from './compact';
