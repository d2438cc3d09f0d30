import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import { Skeleton } from '../../ui';
import { lateRule } from './lateness';
import { jobRoute } from './map-data';
import { useScreenNow } from './now';
import s from './details.module.css';

const PointsMap = lazy(() => import('../../map/PointsMap'));
const HEIGHT = 180;

/**
 * The job on a small, still map (the Overview's): its branch, then its pickups, then its
 * deliveries in order, joined by a line; the rider joined by a dashed line to the next open
 * stop. The map (maplibre) is fetched and drawn after the job's details are painted, and
 * stays when the panel moves to another job; what could not be placed is said under it.
 */
export function JobRouteMap({ job }: { job: Job }) {
  const config = useConfig();
  const now = useScreenNow();
  const route = useMemo(() => jobRoute(job, now, lateRule(config), config), [job, now, config]);
  const captionId = useId();
  // After the details are painted (the next frame, then a task): the map never holds them back.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const fit = useMemo(() => (route.bounds ? { bounds: route.bounds, key: job.id } : null), [route.bounds, job.id]);

  const stops = job.pickups.length + job.deliveries.length;
  const missing = route.unplaced.length ? ` Not on the map, for want of coordinates: ${route.unplaced.join(', ')}.` : '';
  const caption = route.bounds
    ? `Branch, pickups, then deliveries in order; the dashed line leads the rider to the next open stop.${missing}`
    : `No position is known for this job's branch, ${stops === 1 ? 'stop' : 'stops'} or rider: nothing to show on a map.`;
  return (
    <section className={s.routeMap} aria-label="Route map">
      {route.bounds && (
        <div className={s.routeMapBox} style={{ height: HEIGHT }}>
          {shown ? (
            <Suspense fallback={<Skeleton height={HEIGHT} />}>
              <PointsMap
                styleUrl={config.mapStyle}
                label={`Map of job ${job.id}: its branch, stops and rider`}
                describedBy={captionId}
                points={route.points}
                landmarks={route.branch}
                lines={route.lines}
                fit={fit}
                cluster={false}
                interactive={false}
                withoutMap="The Stops tab lists every stop with its address."
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
