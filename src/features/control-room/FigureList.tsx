import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import type { StopBranch } from '../../contract';
import type { FigureJobs } from '../../rules/figure-jobs';
import { jobBranchId } from '../../rules/job-branch';
import { Button, formatDateTime, knownTimeZone, useMediaQuery, viewerTimeZone } from '../../ui';
import { formatCount } from '../../lib/count';
import { jobTimeZone, StatusBadge } from '../../job-views';
import type { ControlRoomSearch } from './control-room-search';
import s from './controlRoom.module.css';

/** Rows drawn at first; the rest on demand, and all of them in print. */
const FIRST_ROWS = 150;

/**
 * The jobs a figure counts (rules/figure-jobs.ts), under the tiles: as many as the figure says,
 * each opening its panel, its creation time in its branch's zone. Opening it brings it into
 * view and puts the focus on its title.
 */
export function FigureList({
  title,
  result,
  unitsLabel,
  branchNames,
  closeLink,
  onOpen,
}: {
  title: string;
  result: FigureJobs;
  /** `result.units` in words ("12 completed deliveries", "3 spells ended"). */
  unitsLabel: ((units: number) => string) | null;
  branchNames: Map<string, StopBranch>;
  closeLink: ControlRoomSearch;
  onOpen: (id: number) => void;
}) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const [showAll, setShowAll] = useState(false);
  const printing = useMediaQuery('print');
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [title]);
  const { jobs, units } = result;
  const count = jobs.length;
  const shownAll = formatCount(count);
  const unitsText = units !== null && unitsLabel ? unitsLabel(units) : null;
  const shown = showAll || printing ? jobs : jobs.slice(0, FIRST_ROWS);
  return (
    <section className={s.block} aria-labelledby="figure-list-title" data-figure-list>
      <div className={s.blockHead}>
        <h3 id="figure-list-title" className={s.blockTitle} tabIndex={-1} ref={heading}>
          {title}
        </h3>
        <Link to="/overview" search={closeLink} resetScroll={false} className={s.closeLink}>
          <Trans>Close the list</Trans>
        </Link>
      </div>
      <p className={s.note} data-list-count={jobs.length}>
        {unitsText !== null
          ? t`${plural(count, { one: '# job', other: '# jobs' })}, ${unitsText}; each created at its branch’s time.`
          : t`${plural(count, { one: '# job', other: '# jobs' })}; each created at its branch’s time.`}
      </p>
      {jobs.length > 0 && (
        <div className={`${s.tableBox} ${s.listBox}`}>
          <table className={s.table} aria-label={title}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Job</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Branch</Trans>
                </th>
                <th scope="col">
                  <Trans>Rider</Trans>
                </th>
                <th scope="col">
                  <Trans context="jobs counted">Created</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((job) => {
                const zone = knownTimeZone(jobTimeZone(job)) ?? viewerTimeZone();
                const branch = jobBranchId(job);
                const id = job.id;
                const riderId = job.rider?.id;
                return (
                  <tr key={job.id} data-job-id={job.id}>
                    <th scope="row">
                      <button type="button" className={s.linkButton} onClick={() => onOpen(job.id)}>
                        <Trans>Job {id}</Trans>
                      </button>
                      {job.order_id && <span className={s.sub}> · {job.order_id}</span>}
                    </th>
                    <td>
                      <StatusBadge code={job.status} />
                    </td>
                    <td>{branch ? branchNames.get(branch)?.name || branch : t`No branch`}</td>
                    <td>{job.rider ? job.rider.name || t`Rider ${riderId}` : '—'}</td>
                    <td>
                      {formatDateTime(job.created_at, zone)} <span className={s.sub}>{zone}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {jobs.length > shown.length && (
            <Button size="sm" onClick={() => setShowAll(true)}>
              <Trans>Show all {shownAll}</Trans>
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
