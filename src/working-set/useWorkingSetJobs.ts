import { useCallback, useSyncExternalStore } from 'react';
import type { Job } from '../contract';
import { useApi } from '../api';
import { useConfig } from '../config';
import { existingSet } from './registry';

const NONE: readonly Job[] = [];
const nothing = () => () => {};

/**
 * The jobs the working set holds, for a screen that matches among them without needing the set
 * (the jobs search): none while no screen of this tab has made the set, and nothing is read for it.
 */
export function useWorkingSetJobs(): readonly Job[] {
  const set = existingSet(useApi(), useConfig());
  const subscribe = useCallback(
    (listener: () => void) => set?.store.subscribe(listener) ?? (() => {}),
    [set],
  );
  return useSyncExternalStore(set ? subscribe : nothing, () => set?.store.getSnapshot().jobs ?? NONE);
}
