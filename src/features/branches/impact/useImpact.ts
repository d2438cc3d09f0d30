import { useMemo } from 'react';
import { useJobsScan, type ScanPhase, type ScanProgress } from '../../../api';
import { useConfig } from '../../../config';
import type { ZoneCollectionLike } from '../../../geo';
import { countImpact, impactClassifier, type ImpactCounts, type ImpactDelivery } from './impact';

export type ImpactState = {
  phase: ScanPhase;
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

/**
 * The branch's jobs created in the last `days` days, read with the whole-result scan (up to
 * `scanCaps.impact`; src/api/useJobsScan.ts), their deliveries classified against the zones
 * before and after the change page by page, as the pages arrive. Stop keeps what was read.
 * Classifying runs here, on the main thread: the bench's impact_classify_ms
 * (docs/performance.md) says whether it still fits in a frame.
 */
export function useImpact(
  branchId: string,
  before: ZoneCollectionLike | null,
  after: ZoneCollectionLike | null,
  days: number,
): ImpactState {
  const config = useConfig();
  const classify = useMemo(() => impactClassifier(branchId, before, after), [branchId, before, after]);
  const scan = useJobsScan({
    key: `${branchId}|${days}`,
    cap: config.scanCaps.impact,
    // The window ends as the read starts ("again" reads up to the moment it is asked).
    filters: () => ({ branch_id: branchId, timestamp_from: Math.floor(Date.now() / 1000) - days * 86_400 }),
    take: classify,
  });
  const counts = useMemo(() => countImpact(scan.items), [scan.items]);
  return {
    phase: scan.phase,
    deliveries: scan.items,
    counts,
    jobs: scan.progress?.jobsSeen ?? 0,
    progress: scan.progress,
    error: scan.error,
    from: scan.filters?.timestamp_from ?? 0,
    stop: scan.stop,
    again: scan.again,
  };
}
