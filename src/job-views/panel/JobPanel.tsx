import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState, type ReactNode } from 'react';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { Banner, Button, Drawer, SidePanel, Skeleton, formatDateTime, preloadable } from '../../ui';
import type { Filters } from '../url-params';
import { findCachedJob } from './cached-job';
import { useWholeJob } from './whole-job';
import s from './panel.module.css';

const JobDetails = preloadable(() => import('./JobDetails').then((m) => m.default));
const NotOnPage = preloadable(() => import('./NotOnPage').then((m) => m.default));

export const preloadJobDetails = () => JobDetails.preload();

function DetailsSkeleton() {
  const { t } = useLingui();
  return (
    <div className={s.panelSkeleton} aria-label={t`Loading the job`} role="status">
      <Skeleton width="40%" height={18} />
      <Skeleton width="70%" />
      <Skeleton width="55%" />
      <Skeleton height={120} />
    </div>
  );
}

export type JobPanelProps = {
  /** 'side': beside the table, non-modal (wide screens); 'overlay': modal, over the screen (narrower screens). */
  mode: 'side' | 'overlay';
  jobId: number | undefined;
  /** The rows on screen (a page, or the search's matches); undefined while none are loaded. */
  shown: readonly Job[] | undefined;
  loading: boolean;
  /** When the rows on screen were loaded (ms). */
  loadedAt: number;
  error?: string;
  filters: Filters;
  page: number;
  totalPages: number;
  onClose: () => void;
  onGoToPage: (page: number) => void;
  onClearFilters: () => void;
  /** With the map shown: fits it to the job. */
  onZoomTo?: (jobId: number) => void;
  /** After an action on the job (the job actions extension): the screen reads its jobs again. */
  onActed?: () => void;
};

/**
 * The job panel. Its job id is the URL's `job`; the job comes from the rows on screen (or
 * another loaded page, said so), since the interface has no single-job endpoint. A working
 * set's compact record is shown at once while the whole job is read (./whole-job.ts).
 */
export function JobPanel({
  mode,
  jobId,
  shown,
  loading,
  loadedAt,
  error,
  filters,
  page,
  totalPages,
  onClose,
  onGoToPage,
  onClearFilters,
  onZoomTo,
  onActed,
}: JobPanelProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const config = useConfig();
  const fresh = jobId === undefined ? null : findCachedJob(queryClient, shown, jobId);
  // The last copy seen of the open job: when a refresh moves it off the loaded pages while
  // the panel is open, the panel keeps showing it (and says so) instead of going blank.
  const [kept, setKept] = useState<{ id: number; job: Job; at: number } | null>(null);
  if (fresh && jobId !== undefined && kept?.job !== fresh.job) {
    setKept({ id: jobId, job: fresh.job, at: fresh.loadedAt ?? loadedAt });
  }
  const found =
    fresh ??
    (kept && kept.id === jobId ? { job: kept.job, fromCurrentPage: false, loadedAt: kept.at } : null);
  // A working set's record (the control room's) is shown at once, the whole job read meanwhile.
  const whole = useWholeJob(found?.job);
  const job = whole?.job;
  const orderId = job ? job.order_id || '—' : '';
  const statusLabel = job ? describeStatus(config, job.status).label : '';
  const riderName = job?.rider?.name;
  // Each datum in its own <bdi>: a name holding a direction override (U+202E) cannot reverse
  // the words beside it.
  const description = job ? (
    riderName !== undefined ? (
      <Trans>
        Order <bdi className="mono">{orderId}</bdi> · <bdi>{statusLabel}</bdi> · <bdi>{riderName}</bdi>
      </Trans>
    ) : (
      <Trans>
        Order <bdi className="mono">{orderId}</bdi> · <bdi>{statusLabel}</bdi> · unassigned
      </Trans>
    )
  ) : undefined;

  let content: ReactNode;
  if (jobId !== undefined && found && whole && job) {
    const loadedTime = found.loadedAt ? formatDateTime(Math.floor(found.loadedAt / 1000)) : '';
    content = (
      <>
        {!found.fromCurrentPage && (
          <Banner tone="info">
            {loadedTime
              ? t`This job is not on the page shown now; these details are from when it was loaded (${loadedTime}).`
              : t`This job is not on the page shown now; these details are from when it was loaded.`}
          </Banner>
        )}
        {onZoomTo && (
          <div className={s.panelTools}>
            <Button size="sm" onClick={() => onZoomTo(jobId)}>
              <Trans>Zoom the map to this job</Trans>
            </Button>
          </div>
        )}
        <Suspense fallback={<DetailsSkeleton />}>
          <JobDetails
            job={job}
            whole={whole.state}
            wholeError={whole.error}
            shown={shown}
            onActed={onActed && (() => onActed())}
          />
        </Suspense>
      </>
    );
  } else if (jobId === undefined) {
    content = null;
  } else if (error && !shown) {
    content = (
      <Banner tone="danger">
        <Trans>Could not load the jobs to find this one: {error}</Trans>
      </Banner>
    );
  } else if (loading || !shown) {
    content = <DetailsSkeleton />;
  } else {
    content = (
      <Suspense fallback={<DetailsSkeleton />}>
        <NotOnPage
          key={jobId}
          jobId={jobId}
          filters={filters}
          page={page}
          totalPages={totalPages}
          onFound={onGoToPage}
          onClearFilters={onClearFilters}
        />
      </Suspense>
    );
  }

  const title = jobId !== undefined ? t`Job ${jobId}` : t`Job`;
  if (mode === 'side') {
    if (jobId === undefined) return null;
    return (
      <SidePanel
        title={title}
        description={description}
        onClose={onClose}
        closeLabel={t`Close the job panel`}
        contentKey={jobId}
        className={s.jobPanel}
        data-job-panel={jobId}
      >
        {content}
      </SidePanel>
    );
  }
  return (
    <Drawer
      open={jobId !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      {content}
    </Drawer>
  );
}
