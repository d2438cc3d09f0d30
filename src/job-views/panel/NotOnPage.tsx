import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
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
  const { t } = useLingui();
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

  const pageNumber = formatCount(page);
  const scanDone = scan.state === 'running' ? formatCount(scan.done) : '';
  const scanTotal = scan.state === 'running' ? formatCount(scan.total) : '';
  const scanError = scan.state === 'error' ? scan.message : '';
  return (
    <div className={s.notHere}>
      <p>
        {filtered ? (
          <Trans>
            Job <strong className="num">{jobId}</strong> is not on page {pageNumber} of the jobs matching the
            current filters. The service lists jobs page by page and has no way to fetch a single job, so it
            may be on another page, outside the filters, or no longer listed.
          </Trans>
        ) : (
          <Trans>
            Job <strong className="num">{jobId}</strong> is not on page {pageNumber} of the jobs. The service
            lists jobs page by page and has no way to fetch a single job, so it may be on another page,
            outside the filters, or no longer listed.
          </Trans>
        )}
      </p>
      {scan.state === 'running' && (
        <div className={s.scan} role="status">
          <span>{t`Looking through page ${scanDone} of ${scanTotal}…`}</span>
          <ProgressBar value={scan.done} max={scan.total} label={t`Looking for the job`} />
          <Button size="sm" onClick={() => controller.current?.abort()}>
            <Trans>Stop looking</Trans>
          </Button>
        </div>
      )}
      {scan.state === 'missing' && (
        <Banner tone="warning">
          {filtered ? (
            <Trans>No page matching the current filters holds job {jobId}.</Trans>
          ) : (
            <Trans>No page holds job {jobId}.</Trans>
          )}
        </Banner>
      )}
      {scan.state === 'error' && (
        <Banner tone="danger">{t`Could not look through the pages: ${scanError}`}</Banner>
      )}
      <div className={s.notHereActions}>
        {scan.state !== 'running' && (
          <Button variant="primary" onClick={() => void look()}>
            {totalPages > 1
              ? t`Look through all ${plural(totalPages, { one: '# page', other: '# pages' })}`
              : t`Look through all pages`}
          </Button>
        )}
        {filtered && scan.state !== 'running' && (
          <Button onClick={onClearFilters}>
            <Trans>Clear filters and keep looking</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
