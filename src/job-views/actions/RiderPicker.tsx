/**
 * The rider to give one job or several to: the riders of the jobs the browser holds, nearest to
 * the job's next open stop first (for several, to the farthest of their next stops), each with
 * its open load and how fresh its position is (rider-choices.ts), narrowed by a name or
 * reference id.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { useState } from 'react';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import { Field, formatDuration, inputClass } from '../../ui';
import { isFinalStatus } from '../../rules/lateness';
import { staleRiderSeconds } from '../../rules/riders';
import { numberFormat } from '../../lib/count';
import { i18n } from '../../i18n';
import { useScreenNow } from '../screen-clock';
import { riderChoices, type RiderChoice } from './rider-choices';
import s from './actions.module.css';

const SHOWN = 30;

function distanceText(km: number | null, several: boolean): string {
  if (km === null) return i18n._(msg`distance unknown`);
  const digits = km < 10 ? 1 : 0;
  const figure = numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km);
  return i18n._(several ? msg`${figure} km from the farthest job` : msg`${figure} km away`);
}

function freshnessText(choice: RiderChoice): string {
  if (choice.positionAge === null) return i18n._(msg`no position`);
  const age = formatDuration(Math.max(0, choice.positionAge));
  return i18n._(choice.stale ? msg`position ${age} old (stale)` : msg`position ${age} old`);
}

export function RiderPicker({
  jobs,
  fleet,
  value,
  onChange,
  error,
}: {
  /** The jobs to give (one, or a selection). */
  jobs: readonly Job[];
  fleet: () => Iterable<Job>;
  value: number | undefined;
  onChange: (riderId: number) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const config = useConfig();
  const now = useScreenNow();
  const [filter, setFilter] = useState('');
  // Read once as the picker opens: the list does not reorder under the pointer as the fleet refreshes.
  const [choices] = useState(() =>
    riderChoices(jobs, fleet(), now, {
      isFinal: (code) => isFinalStatus(config, code),
      staleSeconds: staleRiderSeconds(config),
    }),
  );
  const several = jobs.length > 1;
  const words = filter.trim().toLowerCase();
  const matching = words
    ? choices.filter((c) =>
        `${c.rider.name} ${c.rider.reference_id} ${c.rider.id}`.toLowerCase().includes(words),
      )
    : choices;
  const shown = matching.slice(0, SHOWN);
  const shownCount = SHOWN;
  const matchCount = matching.length;
  return (
    <div className={s.riders}>
      <Field label={t`Find a rider`} hint={t`By name or reference id.`}>
        <input
          className={inputClass}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Field>
      <fieldset className={s.choices} aria-describedby="rider-error rider-note">
        <legend className={s.legend}>
          <Trans>Rider</Trans>
        </legend>
        {shown.length === 0 && (
          <p className={s.muted}>
            {choices.length === 0
              ? t`No rider is known here: the riders offered are those of the jobs this screen has read.`
              : t`No rider matches.`}
          </p>
        )}
        {shown.map((c) => {
          const riderId = c.rider.id;
          const carries = c.carries;
          const openLoad = c.openLoad;
          const distance = distanceText(c.distanceKm, several);
          return (
            <label key={c.rider.id} className={`${s.choice} ${s.riderChoice}`}>
              <input
                type="radio"
                name="rider"
                value={c.rider.id}
                checked={value === c.rider.id}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(c.rider.id)}
              />
              <span className={s.riderText}>
                <span className={s.riderName}>
                  <bdi>{c.rider.name || t`Rider ${riderId}`}</bdi>{' '}
                  <bdi className={`${s.muted} num`}>{c.rider.reference_id || `#${riderId}`}</bdi>
                  {carries > 0 && (
                    <span className={s.muted}>
                      {' '}
                      · {several ? t`has ${carries} of these jobs` : t`has this job`}
                    </span>
                  )}
                </span>
                <span className={`${s.riderFacts} num`}>
                  {distance} · {t`${plural(openLoad, { one: '# open job', other: '# open jobs' })}`} ·{' '}
                  <span className={c.stale || c.positionAge === null ? s.stale : undefined}>
                    {freshnessText(c)}
                  </span>
                </span>
              </span>
            </label>
          );
        })}
        <span id="rider-error" className={s.error} aria-live="polite">
          {error}
        </span>
      </fieldset>
      <p id="rider-note" className={s.muted}>
        {matchCount > shownCount ? t`The nearest ${shownCount} of ${matchCount}.` : ''}
        {matchCount > shownCount ? ' ' : ''}
        {several
          ? t`Riders of the jobs this screen has read; distance from each job’s next open stop, the farthest.`
          : t`Riders of the jobs this screen has read; distance from the job’s next open stop.`}
      </p>
    </div>
  );
}
