/**
 * An exception's reason in words (rules/exceptions.ts gives its kind, its seconds and its stop):
 * "late 42 min at delivery 2 of 3", "rider last seen 35 min ago", "1 h 05 min in Accepted",
 * "slot ends in 12 min at pickup 1 of 1".
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import type { ExceptionKind, ExceptionReason, StopRef } from '../../rules/exceptions';
import { formatDuration } from '../../lib/duration';
import { formatCount } from '../../lib/count';

/** The reasons' names: the list's chips, the thresholds, the CSV's `why` stays in words too. */
export function reasonLabels(): Record<ExceptionKind, string> {
  return {
    late: i18n._(msg`Late`),
    rider: i18n._(msg`Rider not reporting`),
    stuck: i18n._(msg`Stuck`),
    'at-risk': i18n._(msg`At risk`),
  };
}

function lateAt(stop: StopRef, duration: string): string {
  const number = formatCount(stop.index + 1);
  const count = formatCount(stop.count);
  return stop.kind === 'pickup'
    ? i18n._(msg`late ${duration} at pickup ${number} of ${count}`)
    : i18n._(msg`late ${duration} at delivery ${number} of ${count}`);
}

function riskAt(stop: StopRef, seconds: number): string {
  const number = formatCount(stop.index + 1);
  const count = formatCount(stop.count);
  const duration = formatDuration(Math.abs(seconds));
  if (seconds >= 0)
    return stop.kind === 'pickup'
      ? i18n._(msg`slot ends in ${duration} at pickup ${number} of ${count}`)
      : i18n._(msg`slot ends in ${duration} at delivery ${number} of ${count}`);
  return stop.kind === 'pickup'
    ? i18n._(msg`slot ended ${duration} ago at pickup ${number} of ${count}`)
    : i18n._(msg`slot ended ${duration} ago at delivery ${number} of ${count}`);
}

/** The reason in words; `status` names the job's current status (a stuck job's). */
export function reasonText(reason: ExceptionReason, status: string): string {
  const { seconds, stop } = reason;
  switch (reason.kind) {
    case 'late':
      return stop ? lateAt(stop, formatDuration(seconds ?? 0)) : i18n._(msg`late`);
    case 'rider': {
      if (seconds === null) return i18n._(msg`rider has sent no position`);
      const duration = formatDuration(seconds);
      return i18n._(msg`rider last seen ${duration} ago`);
    }
    case 'stuck': {
      const duration = formatDuration(seconds ?? 0);
      return i18n._(msg`${duration} in ${status}`);
    }
    case 'at-risk':
      return stop ? riskAt(stop, seconds ?? 0) : i18n._(msg`at risk`);
  }
}
