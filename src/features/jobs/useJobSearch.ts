import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api';
import { useConfig } from '../../config';
import type { Filters } from './search';
import type { SearchSnapshot } from './search-run';

export type JobSearch = SearchSnapshot & {
  stop: () => void;
  /** Scans again from page 1 (after a failure, a stop, or to refresh the matches). */
  again: () => void;
};

/** The search's code (matching, the scan): fetched when the search field is first focused. */
export const loadSearch = () => import('./search-run');

const STARTING: SearchSnapshot = { matches: [], phase: 'scanning', progress: null, error: null, exact: null };

/**
 * The search of `q` within the filters (the service has no search): the loaded pages' matches
 * at once, then the scan's as they arrive (./search-run.ts), up to the runtime config's cap,
 * with a way to stop it and to run it again. Null when there is no search.
 */
export function useJobSearch(filters: Filters, q: string | undefined): JobSearch | null {
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const cap = config.scanCaps.search;
  const [run, setRun] = useState(0);
  const key = q === undefined ? null : JSON.stringify([filters, q, run]);
  const [snapshot, setSnapshot] = useState<{ key: string; value: SearchSnapshot } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (key === null || q === undefined) return;
    const ac = new AbortController();
    controller.current = ac;
    void loadSearch().then(
      ({ runSearch }) => {
        if (ac.signal.aborted) return;
        runSearch({ api, queryClient, filters, q, cap, signal: ac.signal, publish: (value) => setSnapshot({ key, value }) });
      },
      (e: unknown) =>
        setSnapshot({ key, value: { ...STARTING, phase: 'error', error: `The search could not load: ${String(e)}` } }),
    );
    return () => ac.abort();
    // `filters` and `q` are in `key`.
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  if (key === null) return null;
  return {
    ...(snapshot?.key === key ? snapshot.value : STARTING),
    stop: () => controller.current?.abort(),
    again: () => setRun((n) => n + 1),
  };
}
