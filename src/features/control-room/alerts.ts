/**
 * The control room's alerts: the tab's title carries the count of late jobs, and, as the
 * user's own choice (remembered in this browser), a desktop notification reports the work
 * that newly went late or failed while the tab is hidden: at most one per refresh, summing up.
 */
import { useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';
import { countOf } from '../../lib/count';

const NOTIFY_KEY = 'dispatch.overview.notify';

/** The tab's title while the screen is shown: "(12 late) Control room · Dispatch". */
export function useTabTitle(late: number | null) {
  useEffect(() => {
    const before = document.title;
    document.title = `${late ? `(${late} late) ` : ''}Control room · Dispatch`;
    return () => {
      document.title = before;
    };
  }, [late]);
}

/** Whether notifications can be asked for here, and the user's choice (off until chosen). */
export function useNotifyChoice() {
  const supported = typeof Notification !== 'undefined';
  const [on, setOn] = useState(
    () => supported && readStored('local', NOTIFY_KEY) === 'on' && Notification.permission === 'granted',
  );
  // Read once: Chromium answers `Notification.permission` slowly (several ms a read).
  const [refused, setRefused] = useState(() => supported && Notification.permission === 'denied');
  const choose = async (want: boolean) => {
    if (!want || !supported) {
      writeStored('local', NOTIFY_KEY, 'off');
      setOn(false);
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setRefused(permission === 'denied');
    writeStored('local', NOTIFY_KEY, permission === 'granted' ? 'on' : 'off');
    setOn(permission === 'granted');
  };
  return { supported, on, refused, choose };
}

/** What newly went late or failed between two complete reads, in one line; null when nothing did. */
export function alertText(
  before: { late: ReadonlySet<number>; failed: ReadonlySet<number> },
  after: { late: ReadonlySet<number>; failed: ReadonlySet<number> },
): string | null {
  const late = [...after.late].filter((id) => !before.late.has(id)).length;
  const failed = [...after.failed].filter((id) => !before.failed.has(id)).length;
  const parts = [
    late ? `${countOf(late, 'job', 'jobs')} went late` : '',
    failed ? `${countOf(failed, 'job', 'jobs')} failed` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}.` : null;
}

/**
 * Notifies (when `on`, and the tab is hidden) what changed since the last complete read: one
 * notification per new read. `reads` is the late and failed job ids of the latest complete
 * read of each kind, null until there is one.
 */
export function useLateAlerts(
  on: boolean,
  reads: { late: ReadonlySet<number>; failed: ReadonlySet<number> } | null,
) {
  const last = useRef(reads);
  useEffect(() => {
    const before = last.current;
    last.current = reads;
    if (!on || !reads || !before || before === reads || document.visibilityState !== 'hidden') return;
    const text = alertText(before, reads);
    if (text) new Notification('Dispatch: control room', { body: text, tag: 'dispatch-overview' });
  }, [on, reads]);
}
