import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, isApiError, useApi, type ScanProgress } from '../../api';
import { scanJobs } from '../../api/scan';
import { useConfig } from '../../config';
import type { ZoneCollectionLike } from '../../geo';
import { countImpact, impactClassifier, type ImpactCounts, type ImpactDelivery } from './impact';

export type ImpactPhase = 'loading' | 'done' | 'stopped' | 'error';

export type ImpactState = {
  phase: ImpactPhase;
  /** The deliveries read so far (all of them once done), classified. */
  deliveries: ImpactDelivery[];
  counts: ImpactCounts;
  /** Jobs read so far. */
  jobs: number;
  progress: ScanProgress | null;
  error: string | null;
  /** `timestamp_from` of the window read (epoch seconds). */
  from: number;
  stop: () => void;
  again: () => void;
};

type Read = Omit<ImpactState, 'stop' | 'again' | 'counts'> & { key: string };

const NONE: ImpactDelivery[] = [];
const START = { phase: 'loading', deliveries: [], jobs: 0, progress: null, error: null } as const;

/**
 * The branch's jobs created in the last `days` days, read with the whole-result scan (four
 * requests at a time, up to `scanCaps.impact`), their deliveries classified against the zones
 * before and after the change as the pages arrive (shown at most once a frame). Stop keeps
 * what was read. Classifying is a few milliseconds for thousands of deliveries (bench:
 * impact_classify_ms), so it runs here, on the main thread.
 */
export function useImpact(
  branchId: string,
  before: ZoneCollectionLike | null,
  after: ZoneCollectionLike | null,
  days: number,
): ImpactState {
  const api = useApi();
  const config = useConfig();
  const cap = config.scanCaps.impact;
  const classify = useMemo(() => impactClassifier(branchId, before, after), [branchId, before, after]);
  const [run, setRun] = useState(0);
  // The read shown is the current window's: another window (or "again") starts from nothing.
  const key = `${branchId}|${days}|${cap}|${run}`;
  const [read, setRead] = useState<Read>({ key: '', ...START, deliveries: NONE, from: 0 });
  const stopCurrent = useRef<() => void>(() => {});

  useEffect(() => {
    const ac = new AbortController();
    const from = Math.floor(Date.now() / 1000) - days * 86_400;
    const deliveries: ImpactDelivery[] = [];
    let jobs = 0;
    let progress: ScanProgress | null = null;
    let frame = 0;
    const show = (phase: ImpactPhase, error: string | null = null) => {
      cancelAnimationFrame(frame);
      frame = 0;
      setRead({ key, phase, deliveries: [...deliveries], jobs, progress, error, from });
    };
    stopCurrent.current = () => {
      if (ac.signal.aborted) return;
      ac.abort();
      show('stopped');
    };
    scanJobs(
      api,
      { branch_id: branchId, timestamp_from: from },
      {
        cap,
        signal: ac.signal,
        onPage: (page, _n, p) => {
          deliveries.push(...classify(page));
          jobs += page.length;
          progress = p;
          if (!frame) frame = requestAnimationFrame(() => show('loading'));
        },
      },
    ).then(
      (outcome) => {
        progress = outcome;
        if (!ac.signal.aborted) show('done');
      },
      (e: unknown) => {
        if (ac.signal.aborted || (isApiError(e) && e.kind === 'aborted')) return;
        show('error', errorMessage(e));
      },
    );
    return () => {
      cancelAnimationFrame(frame);
      ac.abort();
    };
    // `key` holds the branch, the window, the cap and the run.
  }, [api, classify, key]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown: Read = read.key === key ? read : { key, ...START, deliveries: NONE, from: 0 };
  const counts = useMemo(() => countImpact(shown.deliveries), [shown.deliveries]);
  return { ...shown, counts, stop: () => stopCurrent.current(), again: () => setRun((n) => n + 1) };
}
