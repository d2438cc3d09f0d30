import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { Job, JobsResponse } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { Banner, Drawer, Skeleton, formatDateTime, preloadable } from '../../ui';
import type { Filters } from './search';
import { findCachedJob } from './useJobsData';
import s from './jobs.module.css';

const JobDetails = preloadable(() => import('./JobDetails').then((m) => m.default));
const NotOnPage = preloadable(() => import('./NotOnPage').then((m) => m.default));

export const preloadJobDetails = () => JobDetails.preload();

function DetailsSkeleton() {
  return (
    <div className={s.drawerSkeleton} aria-label="Loading the job" role="status">
      <Skeleton width="40%" height={18} />
      <Skeleton width="70%" />
      <Skeleton width="55%" />
      <Skeleton height={120} />
    </div>
  );
}

/**
 * The job drawer. Its job id is the URL's `job`; the job comes from the loaded page (or
 * another loaded page, said so), since the interface has no single-job endpoint.
 */
export function JobDrawer({
  jobId,
  data,
  loading,
  loadedAt,
  error,
  filters,
  page,
  onClose,
  onGoToPage,
  onClearFilters,
}: {
  jobId: number | undefined;
  data: JobsResponse | undefined;
  loading: boolean;
  /** When the current page was loaded (ms). */
  loadedAt: number;
  error?: string;
  filters: Filters;
  page: number;
  onClose: () => void;
  onGoToPage: (page: number) => void;
  onClearFilters: () => void;
}) {
  const queryClient = useQueryClient();
  const config = useConfig();
  const fresh = jobId === undefined ? null : findCachedJob(queryClient, data, jobId);
  // The last copy seen of the open job: when a refresh moves it off the loaded pages while
  // the drawer is open, the drawer keeps showing it (and says so) instead of going blank.
  const [kept, setKept] = useState<{ id: number; job: Job; at: number } | null>(null);
  if (fresh && jobId !== undefined && kept?.job !== fresh.job) {
    setKept({ id: jobId, job: fresh.job, at: fresh.loadedAt ?? loadedAt });
  }
  const found =
    fresh ??
    (kept && kept.id === jobId ? { job: kept.job, fromCurrentPage: false, loadedAt: kept.at } : null);
  const job = found?.job;
  const description = job ? (
    <>
      Order <span className="mono">{job.order_id || '—'}</span> · {describeStatus(config, job.status).label} (
      {job.status}){job.rider ? ` · ${job.rider.name}` : ' · unassigned'}
    </>
  ) : undefined;

  return (
    <Drawer
      open={jobId !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={jobId !== undefined ? `Job ${jobId}` : 'Job'}
      description={description}
    >
      {jobId === undefined ? null : found && job ? (
        <>
          {!found.fromCurrentPage && (
            <Banner tone="info">
              This job is not on the page shown now; these details are from when it was loaded
              {found.loadedAt ? ` (${formatDateTime(Math.floor(found.loadedAt / 1000))})` : ''}.
            </Banner>
          )}
          <Suspense fallback={<DetailsSkeleton />}>
            <JobDetails job={job} />
          </Suspense>
        </>
      ) : error && !data ? (
        <Banner tone="danger">Could not load the jobs to find this one: {error}</Banner>
      ) : loading || !data ? (
        <DetailsSkeleton />
      ) : (
        <Suspense fallback={<DetailsSkeleton />}>
          <NotOnPage
            key={jobId}
            jobId={jobId}
            filters={filters}
            page={page}
            totalPages={data.total_pages}
            onFound={onGoToPage}
            onClearFilters={onClearFilters}
          />
        </Suspense>
      )}
    </Drawer>
  );
}
