import { describeStatus, useConfig } from '../../config';
import { formatDuration } from '../../lib/duration';
import s from './exceptions.module.css';

/**
 * What each reason of the list means, with the thresholds of the runtime config: the late
 * grace, the at-risk window, when a rider stops reporting, and after how long each status is
 * stuck.
 */
export function Thresholds() {
  const config = useConfig();
  const min = (m: number) => formatDuration(m * 60);
  const stuck = Object.entries(config.statuses)
    .filter(([, e]) => e.stuckAfterMinutes !== undefined)
    .map(([code, e]) => `${describeStatus(config, Number(code)).label} ${min(e.stuckAfterMinutes!)}`);
  return (
    <dl className={s.thresholds} aria-label="What the reasons mean">
      <div>
        <dt>Late</dt>
        <dd>
          a stop’s slot ended more than {min(config.lateGraceMinutes)} ago (the grace) and it is not done
        </dd>
      </div>
      <div>
        <dt>Rider not reporting</dt>
        <dd>the rider’s position is older than {min(config.staleRiderMinutes)}, or there is none</dd>
      </div>
      <div>
        <dt>Stuck</dt>
        <dd>
          {stuck.length > 0
            ? `longer in a status than its limit: ${stuck.join(', ')}`
            : 'no status has a time limit in the configuration'}
        </dd>
      </div>
      <div>
        <dt>At risk</dt>
        <dd>a stop not started whose slot ends within {min(config.atRiskMinutes)}</dd>
      </div>
    </dl>
  );
}
