import { Trans, useLingui } from '@lingui/react/macro';
import { describeStatus, useConfig } from '../../config';
import { formatDuration } from '../../lib/duration';
import { reasonLabels } from './reason-text';
import s from './exceptions.module.css';

/**
 * What each reason of the list means, with the thresholds of the runtime config: the late
 * grace, the at-risk window, when a rider stops reporting, and after how long each status is
 * stuck.
 */
export function Thresholds() {
  const { t } = useLingui();
  const config = useConfig();
  const labels = reasonLabels();
  const min = (m: number) => formatDuration(m * 60);
  const stuck = Object.entries(config.statuses)
    .filter(([, e]) => e.stuckAfterMinutes !== undefined)
    .map(([code, e]) => `${describeStatus(config, Number(code)).label} ${min(e.stuckAfterMinutes!)}`)
    .join(', ');
  const grace = min(config.lateGraceMinutes);
  const stale = min(config.staleRiderMinutes);
  const atRisk = min(config.atRiskMinutes);
  return (
    <dl className={s.thresholds} aria-label={t`What the reasons mean`}>
      <div>
        <dt>{labels.late}</dt>
        <dd>
          <Trans>a stop’s slot ended more than {grace} ago (the grace) and it is not done</Trans>
        </dd>
      </div>
      <div>
        <dt>{labels.rider}</dt>
        <dd>
          <Trans>the rider’s position is older than {stale}, or there is none</Trans>
        </dd>
      </div>
      <div>
        <dt>{labels.stuck}</dt>
        <dd>
          {stuck
            ? t`longer in a status than its limit: ${stuck}`
            : t`no status has a time limit in the configuration`}
        </dd>
      </div>
      <div>
        <dt>{labels['at-risk']}</dt>
        <dd>
          <Trans>a stop not started whose slot ends within {atRisk}</Trans>
        </dd>
      </div>
    </dl>
  );
}
