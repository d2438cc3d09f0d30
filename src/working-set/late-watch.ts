/**
 * Alerts at the speed of the reading (docs/design.md, "The working set"): in the tab that reads,
 * the open work is checked for lateness every second (a job goes late by the clock, not by a
 * change) and on each change, and the window's jobs for new failures. When the user chose to be
 * notified (the control room's switch, kept in this browser) and this tab is hidden, what newly
 * went late or failed is one notification: how many jobs, which branches; clicking it opens the
 * first job in the control room. Nothing is notified until both parts were read whole once.
 */
import type { RuntimeConfig } from '../config';
import type { Job } from '../contract';
import { countOf } from '../lib/count';
import { readStored } from '../lib/storage';
import { jobBranch } from '../rules/job-branch';
import { jobLateness, lateRule } from '../rules/lateness';
import type { WorkingSetStore } from './store';

/** The control room's "Notify me when work goes late" choice (localStorage). */
export const NOTIFY_KEY = 'dispatch.overview.notify';

/** How often the clock is checked for work going late. */
export const LATE_CHECK_MS = 1000;

/** The notification's text for the jobs that newly went late and failed; null when none did. */
export function alertBody(late: readonly Job[], failed: readonly Job[]): string | null {
  const parts = [
    late.length ? `${countOf(late.length, 'job', 'jobs')} went late` : '',
    failed.length ? `${countOf(failed.length, 'job', 'jobs')} failed` : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  const branches = [...new Set([...late, ...failed].map((job) => jobBranch(job)?.name || 'no branch'))];
  const shown =
    branches.slice(0, 3).join(', ') + (branches.length > 3 ? ` and ${branches.length - 3} more` : '');
  return `${parts.join(', ')}: ${shown}.`;
}

const wanted = () =>
  typeof Notification !== 'undefined' &&
  Notification.permission === 'granted' &&
  readStored('local', NOTIFY_KEY) === 'on';

/** Starts watching; returns the stop. */
export function watchLate(store: WorkingSetStore, config: RuntimeConfig, now = () => Date.now() / 1000) {
  const rule = lateRule(config);
  const failure = (status: number) => config.statuses[String(status)]?.outcome === 'failure';
  let before: { late: Set<number>; failed: Set<number> } | null = null;
  const check = () => {
    const snap = store.getSnapshot();
    const { open: openPart, window: windowPart } = snap.state;
    if (openPart.asOf === null || windowPart.asOf === null) return;
    const t = now();
    const late = new Set(snap.open.filter((job) => jobLateness(job, t, rule).late).map((job) => job.id));
    const failed = new Set(snap.jobs.filter((job) => failure(job.status)).map((job) => job.id));
    const last = before;
    before = { late, failed };
    if (!last || document.visibilityState !== 'hidden' || !wanted()) return;
    const byId = new Map(snap.jobs.map((job) => [job.id, job]));
    const newLate = [...late].filter((id) => !last.late.has(id)).map((id) => byId.get(id)!);
    const newFailed = [...failed].filter((id) => !last.failed.has(id)).map((id) => byId.get(id)!);
    const body = alertBody(newLate, newFailed);
    if (!body) return;
    const first = newLate[0] ?? newFailed[0]!;
    const note = new Notification('Dispatch: control room', { body, tag: 'dispatch-overview' });
    note.onclick = () => {
      window.focus();
      location.assign(`/overview?job=${first.id}`);
      note.close();
    };
  };
  const timer = setInterval(check, LATE_CHECK_MS);
  const unsubscribe = store.subscribe(check);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
