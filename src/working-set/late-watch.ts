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
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
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
  const lateCount = late.length;
  const failedCount = failed.length;
  if (!lateCount && !failedCount) return null;
  const branches = [
    ...new Set([...late, ...failed].map((job) => jobBranch(job)?.name || i18n._(msg`no branch`))),
  ];
  const names = branches.slice(0, 3).join(', ');
  const more = branches.length - 3;
  const shown = more > 0 ? i18n._(msg`${plural(more, { other: `${names} and # more` })}`) : names;
  if (!failedCount)
    return i18n._(
      msg`${plural(lateCount, { one: '# job went late', other: '# jobs went late' })}: ${shown}.`,
    );
  if (!lateCount)
    return i18n._(msg`${plural(failedCount, { one: '# job failed', other: '# jobs failed' })}: ${shown}.`);
  return i18n._(
    msg`${plural(lateCount, { one: '# job went late', other: '# jobs went late' })}, ${plural(failedCount, { one: '# job failed', other: '# jobs failed' })}: ${shown}.`,
  );
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
    const note = new Notification(i18n._(msg`Dispatch: control room`), { body, tag: 'dispatch-overview' });
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
