/**
 * The control room's alerts: the tab's title carries the count of late jobs, and, as the
 * user's own choice (remembered in this browser), a desktop notification reports the work
 * that newly went late or failed: sent by the one tab of the browser that reads the working
 * set, while it is hidden (src/working-set/late-watch.ts).
 */
import { useEffect, useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import { readStored, writeStored } from '../../lib/storage';
import { NOTIFY_KEY } from '../../working-set';

/** The tab's title while the screen is shown: "(12 late) Control room · Dispatch". */
export function useTabTitle(late: number | null) {
  useEffect(() => {
    const before = document.title;
    document.title = late
      ? i18n._(msg`${plural(late, { other: '(# late) Control room · Dispatch' })}`)
      : i18n._(msg`Control room · Dispatch`);
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
