import type { StatusHistoryEntry } from '../../contract';

export type TimelineEntry = StatusHistoryEntry & {
  /** Seconds spent in this entry's status, until the next entry; null for the last. */
  spent: number | null;
};

/** Status history oldest first (stable for equal times), with the time spent in each status. */
export function timeline(history: readonly StatusHistoryEntry[]): TimelineEntry[] {
  const sorted = history
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.created_at - b.entry.created_at || a.index - b.index)
    .map(({ entry }) => entry);
  return sorted.map((entry, i) => ({
    ...entry,
    spent: i === sorted.length - 1 ? null : sorted[i + 1]!.created_at - entry.created_at,
  }));
}
