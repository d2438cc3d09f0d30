import { useEffect, useRef } from 'react';
import type { Job } from '../../../contract';

/** The screen's open job and the way to open one (the jobs screen's navigation). */
export type OpensJob = { search: { job?: number }; showJob: (id: number) => void };

/**
 * A search for an exact job or order id opens that job's panel, once per search (`searchKey`:
 * the filters and the text), when the match appears.
 */
export function useOpenExactMatch(exact: Job | null, searchKey: string | null, nav: OpensJob): void {
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!exact || searchKey === null || openedFor.current === searchKey) return;
    openedFor.current = searchKey;
    if (nav.search.job !== exact.id) nav.showJob(exact.id);
    // `nav` is read when the match appears, not tracked.
  }, [exact, searchKey]); // eslint-disable-line react-hooks/exhaustive-deps
}
