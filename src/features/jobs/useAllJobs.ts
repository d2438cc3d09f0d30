import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage, isApiError, useApi, type ScanProgress } from '../../api';
import { scanJobs } from '../../api/scan';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import type { Filters } from './search';
import { usePageVisible } from './useJobsData';

export type AllJobsPhase = 'loading' | 'done' | 'stopped' | 'error';

export type AllJobs = {
  /** The jobs read, in the result's order: while a first load runs, those read so far. */
  jobs: Job[];
  phase: AllJobsPhase;
  progress: ScanProgress | null;
  error: string | null;
  /** A refresh is reading the result again; the jobs shown stay until it is done. */
  refreshing: boolean;
  /** Ends the load where it is: what was read stays. */
  stop: () => void;
  /** Reads the result again (after a stop or a failure, or to refresh it). */
  again: () => void;
};

type State = Omit<AllJobs, 'stop' | 'again'> & { key: string };

const START: Omit<State, 'key'> = { jobs: [], phase: 'loading', progress: null, error: null, refreshing: false };

/**
 * Every job matching `filters`, up to the map's cap (runtime config), read page by page with
 * the whole-result scan (a few requests at a time). The first load shows the jobs as their
 * pages arrive (at most once a frame); a refresh (auto-refresh while on and the tab shown, or
 * `refreshCount` changing) reads the result again and swaps it in once complete, so nothing
 * on the map blinks. Null while not `enabled`.
 */
export function useAllJobs(
  filters: Filters,
  enabled: boolean,
  { autoRefresh, refreshCount }: { autoRefresh: boolean; refreshCount: number },
): AllJobs | null {
  const api = useApi();
  const config = useConfig();
  const visible = usePageVisible();
  const cap = config.scanCaps.map;
  const key = JSON.stringify(filters);
  const [run, setRun] = useState(0);
  const [state, setState] = useState<State>({ key: '', ...START });
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  const stopCurrent = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const ac = new AbortController();
    // The same result again, complete before: a refresh, which keeps the jobs shown meanwhile.
    const refresh = latest.current.key === key && latest.current.phase === 'done';
    const read: Job[] = [];
    let progress: ScanProgress | null = null;
    let frame = 0;
    const show = () => {
      frame = 0;
      setState({ key, ...START, jobs: [...read], progress });
    };
    if (refresh) setState((s) => ({ ...s, refreshing: true }));
    else setState({ key, ...START });
    // Stop: what was read stays, at once (requests still out are cancelled).
    stopCurrent.current = () => {
      if (ac.signal.aborted) return;
      ac.abort();
      cancelAnimationFrame(frame);
      setState({ key, jobs: [...read], phase: 'stopped', progress, error: null, refreshing: false });
    };
    scanJobs(api, filters, {
      cap,
      signal: ac.signal,
      onPage: (jobs, _page, p) => {
        read.push(...jobs);
        progress = p;
        if (!refresh && !frame) frame = requestAnimationFrame(show);
      },
    }).then(
      (outcome) => {
        cancelAnimationFrame(frame);
        if (!ac.signal.aborted) setState({ key, jobs: read, phase: 'done', progress: outcome, error: null, refreshing: false });
      },
      (e: unknown) => {
        cancelAnimationFrame(frame);
        if (ac.signal.aborted || (isApiError(e) && e.kind === 'aborted')) return;
        else if (refresh) setState((s) => ({ ...s, refreshing: false, error: errorMessage(e) }));
        else setState({ key, jobs: read, phase: 'error', progress, error: errorMessage(e), refreshing: false });
      },
    );
    return () => {
      cancelAnimationFrame(frame);
      ac.abort();
    };
    // `filters` is in `key`; `refreshCount` (the screen's Refresh) reads the result again.
  }, [enabled, key, run, refreshCount, api, cap]); // eslint-disable-line react-hooks/exhaustive-deps

  // Auto-refresh: the interval after each complete read, while on and the tab is shown.
  const { phase, key: readKey, refreshing } = state;
  useEffect(() => {
    if (!enabled || !autoRefresh || !visible || phase !== 'done' || readKey !== key || refreshing) return;
    const timer = setTimeout(() => setRun((n) => n + 1), config.refreshSeconds * 1000);
    return () => clearTimeout(timer);
  }, [enabled, autoRefresh, visible, phase, readKey, key, refreshing, config.refreshSeconds]);

  if (!enabled) return null;
  const shown = state.key === key ? state : { key, ...START };
  return {
    jobs: shown.jobs,
    phase: shown.phase,
    progress: shown.progress,
    error: shown.error,
    refreshing: shown.refreshing,
    stop: () => stopCurrent.current?.(),
    again: () => setRun((n) => n + 1),
  };
}
