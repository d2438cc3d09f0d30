import type { StatusHistoryEntry } from '../../contract';

/** Pure helpers of the job drawer (kept apart from derive.ts so they load with the drawer). */

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

/** A URL that may be shown as an image: http(s) only (no data:, javascript:, file: ...). */
export function safeImageUrl(value: unknown): string | null {
  let candidate: unknown = value;
  if (candidate && typeof candidate === 'object') {
    const obj = candidate as Record<string, unknown>;
    candidate = obj.url ?? obj.src ?? obj.href ?? obj.image ?? obj.link;
  }
  if (typeof candidate !== 'string') return null;
  const trimmed = candidate.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
