import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import { Skeleton } from '../../ui';
import { lateRule } from '../../rules/lateness';
import { jobRoute } from '../map-data';
import { useScreenNow } from '../screen-clock';
import s from './details.module.css';

const PointsMap = lazy(() => import('../../map/PointsMap'));
const HEIGHT = 180;

/**
 * How long the panel must rest on a job before the small map shows it: moving through rows
 * with j/k never waits for a map, nor does the map library load while the panel follows.
 */
const REST_MS = 600;

/**
 * The job on a small, still map (the panel's Overview tab): its branch, then its pickups, then its
 * deliveries in order, joined by a line; the rider joined by a dashed line to the next open
 * stop. The map (maplibre) is fetched and drawn once the panel has rested on a job (after its
 * details are painted), and stays when the panel moves on, following it once it rests again;
 * what could not be placed is said under it.
 */
export function JobRouteMap({ job }: { job: Job }) {
  const { t } = useLingui();
  const config = useConfig();
  const now = useScreenNow();
  const route = useMemo(() => jobRoute(job, now, lateRule(config), config), [job, now, config]);
  const captionId = useId();
  // The job on the map: set once the details are painted and the panel has rested on the job
  // a moment, so the map never holds the details back.
  const [mapped, setMapped] = useState<Job | null>(null);
  useEffect(() => {
    if (mapped === job) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setMapped(job), REST_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [job, mapped]);
  const mappedRoute = useMemo(
    () => (mapped ? (mapped === job ? route : jobRoute(mapped, now, lateRule(config), config)) : null),
    [mapped, job, route, now, config],
  );
  const fit = useMemo(
    () => (mapped && mappedRoute?.bounds ? { bounds: mappedRoute.bounds, key: mapped.id } : null),
    [mapped, mappedRoute],
  );

  const stops = job.pickups.length + job.deliveries.length;
  const unplaced = route.unplaced.join(', ');
  const seen = route.rider?.seen;
  const captionParts = [
    t`Branch, pickups, then deliveries in order; the dashed line leads the rider to the next open stop.`,
    !route.rider
      ? ''
      : route.rider.stale
        ? t`The rider's position is stale (faded): ${seen}.`
        : t`The rider was ${seen}.`,
    unplaced ? t`Not on the map, for want of coordinates: ${unplaced}.` : '',
  ];
  const caption = route.bounds
    ? captionParts.filter(Boolean).join(' ')
    : t`No position is known for this job's branch, ${plural(stops, { one: 'stop', other: 'stops' })} or rider: nothing to show on a map.`;
  const mappedId = mapped?.id;
  return (
    <section className={s.routeMap} aria-label={t`Route map`}>
      {route.bounds && (
        <div className={s.routeMapBox} style={{ height: HEIGHT }}>
          {mappedRoute?.bounds ? (
            <Suspense fallback={<Skeleton height={HEIGHT} />}>
              <PointsMap
                styleUrl={config.mapStyle}
                label={t`Map of job ${mappedId}: its branch, stops and rider`}
                describedBy={captionId}
                points={mappedRoute.points}
                landmarks={mappedRoute.branch}
                lines={mappedRoute.lines}
                fit={fit}
                cluster={false}
                interactive={false}
                withoutMap={t`The Stops tab lists every stop with its address.`}
              />
            </Suspense>
          ) : (
            <Skeleton height={HEIGHT} />
          )}
        </div>
      )}
      <p id={captionId} className={s.routeCaption}>
        {caption}
      </p>
    </section>
  );
}
