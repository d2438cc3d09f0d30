import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError, useApi } from '../../api';
import { useConfig } from '../../config';
import { Banner, Button, ProgressBar } from '../../ui';
import { formatCount } from '../../lib/count';
import { hasFilters, type Filters } from '../url-params';
import s from './panel.module.css';

type Scan =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'missing' }
  | { state: 'error'; message: string };

/**
 * Explains why a linked job is not shown, and offers to look through every page for it
 * (loaded on demand: only a link to a job on another page needs it).
 */
export default function NotOnPage({
  jobId,
  filters,
  page,
  totalPages,
  onFound,
  onClearFilters,
}: {
  jobId: number;
  filters: Filters;
  page: number;
  totalPages: number;
  onFound: (page: number) => void;
  onClearFilters: () => void;
}) {
  const api = useApi();
  const config = useConfig();
  const [scan, setScan] = useState<Scan>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const filtered = hasFilters(filters);

  const look = async () => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setScan({ state: 'running', done: 0, total: Math.max(totalPages, 1) });
    try {
      const { findJobPage } = await import('./find-job-page');
      const hit = await findJobPage(api, filters, jobId, {
        signal: ac.signal,
        cap: config.scanCaps.search,
        onProgress: (p) =>
          !ac.signal.aborted && setScan({ state: 'running', done: p.pagesDone, total: p.pagesTotal }),
      });
      if (ac.signal.aborted) return;
      if (hit) onFound(hit.page);
      else setScan({ state: 'missing' });
    } catch (e) {
      if (ac.signal.aborted || (isApiError(e) && e.kind === 'aborted')) setScan({ state: 'idle' });
      else setScan({ state: 'error', message: errorMessage(e) });
    }
  };

  return (
    <div className={s.notHere}>
      <p>
        Job <strong className="num">{jobId}</strong> is not on page {formatCount(page)} of the jobs
        {filtered ? ' matching the current filters' : ''}. The service lists jobs page by page and has no way
        to fetch a single job, so it may be on another page, outside the filters, or no longer listed.
      </p>
      {scan.state === 'running' && (
        <div className={s.scan} role="status">
          <span>
            Looking through page {formatCount(scan.done)} of {formatCount(scan.total)}…
          </span>
          <ProgressBar value={scan.done} max={scan.total} label="Looking for the job" />
          <Button size="sm" onClick={() => controller.current?.abort()}>
            Stop looking
          </Button>
        </div>
      )}
      {scan.state === 'missing' && (
        <Banner tone="warning">
          No page {filtered ? 'matching the current filters ' : ''}holds job {jobId}.
        </Banner>
      )}
      {scan.state === 'error' && (
        <Banner tone="danger">Could not look through the pages: {scan.message}</Banner>
      )}
      <div className={s.notHereActions}>
        {scan.state !== 'running' && (
          <Button variant="primary" onClick={() => void look()}>
            Look through all {totalPages > 1 ? `${formatCount(totalPages)} pages` : 'pages'}
          </Button>
        )}
        {filtered && scan.state !== 'running' && (
          <Button onClick={onClearFilters}>Clear filters and keep looking</Button>
        )}
      </div>
    </div>
  );
}
