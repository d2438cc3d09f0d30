/**
 * The rider to give one job or several to: the riders of the jobs the browser holds, nearest to
 * the job's next open stop first (for several, to the farthest of their next stops), each with
 * its open load and how fresh its position is (rider-choices.ts), narrowed by a name or
 * reference id.
 */
import { useState } from 'react';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import { Field, formatDuration, inputClass } from '../../ui';
import { isFinalStatus } from '../../rules/lateness';
import { staleRiderSeconds } from '../../rules/riders';
import { pluralForm } from '../../lib/count';
import { useScreenNow } from '../screen-clock';
import { riderChoices, type RiderChoice } from './rider-choices';
import s from './actions.module.css';

const SHOWN = 30;

function distanceText(km: number | null, several: boolean): string {
  if (km === null) return 'distance unknown';
  const figure = km < 10 ? km.toFixed(1) : String(Math.round(km));
  return several ? `${figure} km from the farthest job` : `${figure} km away`;
}

function freshnessText(choice: RiderChoice): string {
  if (choice.positionAge === null) return 'no position';
  const age = `position ${formatDuration(Math.max(0, choice.positionAge))} old`;
  return choice.stale ? `${age} (stale)` : age;
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
  return (
    <div className={s.riders}>
      <Field label="Find a rider" hint="By name or reference id.">
        <input
          className={inputClass}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Field>
      <fieldset className={s.choices} aria-describedby="rider-error rider-note">
        <legend className={s.legend}>Rider</legend>
        {shown.length === 0 && (
          <p className={s.muted}>
            {choices.length === 0
              ? 'No rider is known here: the riders offered are those of the jobs this screen has read.'
              : 'No rider matches.'}
          </p>
        )}
        {shown.map((c) => (
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
                <bdi>{c.rider.name || `Rider ${c.rider.id}`}</bdi>{' '}
                <span className={`${s.muted} num`}>{c.rider.reference_id || `#${c.rider.id}`}</span>
                {c.carries > 0 && (
                  <span className={s.muted}>
                    {' '}
                    · {several ? `has ${c.carries} of these jobs` : 'has this job'}
                  </span>
                )}
              </span>
              <span className={`${s.riderFacts} num`}>
                {distanceText(c.distanceKm, several)} · {c.openLoad} open{' '}
                {pluralForm(c.openLoad, 'job', 'jobs')} ·{' '}
                <span className={c.stale || c.positionAge === null ? s.stale : undefined}>
                  {freshnessText(c)}
                </span>
              </span>
            </span>
          </label>
        ))}
        <span id="rider-error" className={s.error} aria-live="polite">
          {error}
        </span>
      </fieldset>
      <p id="rider-note" className={s.muted}>
        {matching.length > SHOWN ? `The nearest ${SHOWN} of ${matching.length}. ` : ''}Riders of the jobs this
        screen has read; distance from{' '}
        {several ? 'each job’s next open stop, the farthest' : 'the job’s next open stop'}.
      </p>
    </div>
  );
}
