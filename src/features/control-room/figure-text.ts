/** A control-room figure's value and basis in words: counts, shares and durations, '—' when there is none. */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import type { Figure } from '../../rules/day-figures';
import { formatDuration } from '../../lib/duration';
import { formatCount, numberFormat } from '../../lib/count';

export type FigureKind = 'count' | 'share' | 'duration';

export function formatFigure(value: number | null, kind: FigureKind): string {
  if (value === null) return '—';
  if (kind === 'share') {
    const percent = numberFormat({ maximumFractionDigits: 1 }).format(Math.round(value * 1000) / 10);
    return i18n._(msg`${percent} %`);
  }
  if (kind === 'duration') return formatDuration(value);
  return formatCount(value);
}

/**
 * What a figure rests on (rules/day-figures.ts counts it in `basis` and `skipped`): the jobs
 * created in the window; a share of the window's jobs or of the open ones; the deliveries
 * completed (some without a slot end); the jobs delivered; the failed deliveries (some without
 * a remark).
 */
export type FigureAbout = 'window' | 'jobs' | 'open' | 'deliveries' | 'delivered' | 'failures';

function note({ basis, skipped }: Figure, about: FigureAbout): string {
  switch (about) {
    case 'window':
      return i18n._(msg`created in the window`);
    case 'jobs':
      return i18n._(msg`of ${plural(basis, { one: '# job', other: '# jobs' })}`);
    case 'open':
      return i18n._(msg`of ${plural(basis, { one: '# open job', other: '# open jobs' })}`);
    case 'delivered':
      return i18n._(msg`${plural(basis, { one: '# job delivered', other: '# jobs delivered' })}`);
    case 'deliveries':
      return skipped > 0
        ? i18n._(
            msg`${plural(basis, { one: '# delivery completed', other: '# deliveries completed' })}; ${plural(skipped, { other: '# without a slot end' })}`,
          )
        : i18n._(msg`${plural(basis, { one: '# delivery completed', other: '# deliveries completed' })}`);
    case 'failures':
      return skipped > 0
        ? i18n._(
            msg`failure reasons: ${plural(basis, { one: '# failed delivery', other: '# failed deliveries' })}; ${plural(skipped, { other: '# without a remark' })}`,
          )
        : i18n._(
            msg`failure reasons: ${plural(basis, { one: '# failed delivery', other: '# failed deliveries' })}`,
          );
  }
}

/** What a figure rests on, and what it could not count, in one line. */
export function figureBasis(figure: Figure, about: FigureAbout): string {
  const text = note(figure, about);
  return figure.value === null ? i18n._(msg`${text}; nothing to compute it from yet`) : text;
}
