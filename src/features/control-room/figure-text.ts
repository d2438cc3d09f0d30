/** A control-room figure's value in words (pure): counts, shares and durations, '—' when there is none. */
import type { Figure } from '../../rules/day-figures';
import { formatDuration } from '../../lib/duration';
import { formatCount } from '../../lib/count';

export type FigureKind = 'count' | 'share' | 'duration';

export function formatFigure(value: number | null, kind: FigureKind): string {
  if (value === null) return '—';
  if (kind === 'share') return `${Math.round(value * 1000) / 10} %`;
  if (kind === 'duration') return formatDuration(value);
  return formatCount(value);
}

/** What a figure rests on, and what it could not count, in one line. */
export function figureBasis(figure: Figure): string {
  return figure.value === null ? `${figure.note}; nothing to compute it from yet` : figure.note;
}
