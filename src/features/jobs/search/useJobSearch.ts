import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  jobSearchQueryOptions,
  scaleExtensionQueryOptions,
  serviceCanSearch,
  useApi,
  useJobsScan,
  type ScanPhase,
  type ScanProgress,
} from '../../../api';
import { MAX_SEARCH_LIMIT, type Job } from '../../../contract';
import { useConfig } from '../../../config';
import type { Filters } from '../../../job-views';
import { errorMessage } from '../../../lib/error-message';

import type * as SearchPlanModule from './search-plan';
import type { SearchPlan } from './search-plan';

type PlanModule = typeof SearchPlanModule;

/** Who answers beyond the jobs held: the service's search of all jobs, or the scan of the result. */
export type SearchSource = 'service' | 'scan';

export type JobSearch = {
  /** Matches in the answer's order: the service's or the scan's, then the held jobs' it lacks. */
  matches: Job[];
  phase: ScanPhase;
  /** Who answers beyond the jobs held; null until that is known. */
  via: SearchSource | null;
  /** The scan's progress (null with the service's search). */
  progress: ScanProgress | null;
  /** The service's search found more than it sent (its newest MAX_SEARCH_LIMIT). */
  more: boolean;
  error: string | null;
  /** The one match whose job id or order id is the query, if there is exactly one. */
  exact: Job | null;
  stop: () => void;
  /** Asks again from nothing (after a failure, a stop, or to refresh the matches). */
  again: () => void;
};

let planModule: Promise<PlanModule> | undefined;
/** The matching and libphonenumber's metadata: loaded with the first search, never in the first load. */
const loadPlan = () => (planModule ??= import('./search-plan'));
/** Starts loading the search's code (the search box's focus: the search is likely to follow). */
export const preloadSearch = () => void loadPlan();

function usePlanModule(wanted: boolean): PlanModule | null {
  const [module, setModule] = useState<PlanModule | null>(null);
  useEffect(() => {
    if (wanted && !module) void loadPlan().then(setModule);
  }, [wanted, module]);
  return module;
}

const NONE: Job[] = [];

/**
 * The search of `q` within the filters: at once, the matches among `held` (the jobs the browser
 * holds within these filters: ./held-jobs.ts); then, where the service offers its search of all
 * jobs (found once per app without asking a bare service anything it lacks), its matches; on a
 * bare service the whole-result scan's as they arrive (src/api/useJobsScan.ts), up to the
 * runtime config's cap, with a way to stop and to ask again. Null when there is no search.
 */
export function useJobSearch(
  filters: Filters,
  q: string | undefined,
  held: readonly Job[],
): JobSearch | null {
  const config = useConfig();
  const api = useApi();
  const queryClient = useQueryClient();
  const searching = q !== undefined;
  const key = JSON.stringify([filters, q]);
  const module = usePlanModule(searching);
  const plan = useMemo(
    () => (module && q !== undefined ? module.planSearch(filters, q) : null),
    // `filters` and `q` are in `key`: the same search is the same plan, whatever object holds the filters.
    [module, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const heldMatches = useMemo(() => (plan ? plan.take(held) : NONE), [plan, held]);

  const [stoppedKey, setStoppedKey] = useState<string | null>(null);
  const askService = searching && serviceCanSearch(q);
  const extension = useQuery({ ...scaleExtensionQueryOptions(api), enabled: askService });
  const serviceSearch = jobSearchQueryOptions(api, q ?? '', MAX_SEARCH_LIMIT);
  const service = useQuery({
    ...serviceSearch,
    enabled: askService && extension.data === true && stoppedKey !== key,
  });
  let via: SearchSource | null = null;
  if (!askService || extension.data === false || extension.isError || service.data === null) via = 'scan';
  else if (extension.data === true) via = 'service';

  const take = plan?.take;
  const scan = useJobsScan(
    via === 'scan' && take ? { key, cap: config.scanCaps.search, filters: () => filters, take } : null,
  );
  const serviceDone = via === 'service' && service.isSuccess;
  const found = useMemo(
    () =>
      combine(plan, via, service.data ?? null, serviceDone, scan.items, scan.phase === 'done', heldMatches),
    [plan, via, service.data, serviceDone, scan.items, scan.phase, heldMatches],
  );

  if (!searching) return null;
  if (via === 'scan') {
    return {
      ...found,
      via,
      phase: scan.phase,
      progress: scan.progress,
      more: false,
      error: scan.error,
      stop: scan.stop,
      again: scan.again,
    };
  }
  let phase: ScanPhase = 'loading';
  if (stoppedKey === key && !serviceDone) phase = 'stopped';
  else if (service.isError) phase = 'error';
  else if (serviceDone && plan) phase = 'done';
  return {
    ...found,
    via,
    phase,
    progress: null,
    more: service.data?.has_more ?? false,
    error: service.isError ? errorMessage(service.error) : null,
    stop: () => {
      setStoppedKey(key);
      void queryClient.cancelQueries({ queryKey: serviceSearch.queryKey });
    },
    again: () => {
      setStoppedKey(null);
      void queryClient.refetchQueries({ queryKey: serviceSearch.queryKey });
    },
  };
}

function combine(
  plan: SearchPlan | null,
  via: SearchSource | null,
  answer: { jobs: Job[] } | null,
  serviceDone: boolean,
  scanned: Job[],
  scanDone: boolean,
  heldMatches: Job[],
): { matches: Job[]; exact: Job | null } {
  if (!plan) return { matches: NONE, exact: null };
  let matches = heldMatches;
  if (via === 'service' && serviceDone && answer) {
    // The service matches from the start of words; the held jobs' matches anywhere in them.
    matches = plan.merge(plan.takeFromService(answer.jobs), heldMatches);
  } else if (via === 'scan') {
    // The scan's own (fresh) copies are the answer once it is done.
    matches = scanDone ? scanned : plan.merge(scanned, heldMatches);
  }
  return { matches, exact: plan.exact(matches) };
}
