import { useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../api';
import { useConfig } from '../config';
import { workingSetOf } from './shared';
import type { Snapshot } from './store';

export type WorkingSet = Snapshot & {
  /** Ends the read under way where it is. */
  stop: () => void;
  /** Reads again now (a Refresh). */
  again: () => void;
};

/**
 * The browser's working set of jobs (./shared.ts), read by the control room, "late only", the
 * operations map and the jobs search. Reading (or receiving) goes on while a screen uses it
 * (`using`); a screen that may not need it reads what it holds without keeping it going. A
 * screen using it says whether its auto-refresh is on (`autoRefresh`): off, a service without
 * the extension is read again on Refresh only.
 */
export function useWorkingSet(using = true, autoRefresh?: boolean): WorkingSet {
  const api = useApi();
  const config = useConfig();
  const set = workingSetOf(api, config);
  useEffect(() => (using ? set.retain() : undefined), [set, using]);
  useEffect(() => {
    if (using && autoRefresh !== undefined) set.setTimed(autoRefresh);
  }, [set, using, autoRefresh]);
  const snapshot = useSyncExternalStore(set.store.subscribe, set.store.getSnapshot);
  return { ...snapshot, stop: set.stop, again: set.again };
}
