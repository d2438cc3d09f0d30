import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { errorMessage, isApiError, useApi } from '../../../api';
import type { Job } from '../../../contract';
import { useConfig } from '../../../config';
import { Button, ConfirmDialog, PopoverButton, ProgressBar, useToast } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { type Filters, progressStyles } from '../../../job-views';
import s from './tools.module.css';

/** Above this many rows, "export all" asks first. */
const EXPORT_CAP = 10_000;

const loadExport = () => import('./csv-export');

type Running = { pagesDone: number; pagesTotal: number; jobsSeen: number };

/**
 * "Export CSV" of the current page, or of every page matching the filters (with progress,
 * Cancel, and a question before more than 10,000 rows).
 */
export function ExportControl({
  filters,
  page,
  pageJobs,
  totalRecords,
  progressSlot,
}: {
  filters: Filters;
  page: number;
  pageJobs: readonly Job[] | undefined;
  totalRecords: number | undefined;
  /**
   * Where the progress strip goes (a full-width place above the table); beside the button if
   * absent. A ref, read when an export starts: an element in state would re-render the whole
   * jobs screen once more, synchronously, right after its first render.
   */
  progressSlot?: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const api = useApi();
  const config = useConfig();
  const notify = useToast();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const exportPage = async () => {
    if (!pageJobs?.length) return;
    try {
      const mod = await loadExport();
      const csv = await mod.jobsToCsv(pageJobs, config);
      const name = mod.exportFilename(filters, page);
      mod.download(name, csv);
      const count = pageJobs.length;
      notify({ title: t`Exported ${plural(count, { one: '# job', other: '# jobs' })}`, body: name });
    } catch (e) {
      notify({ tone: 'danger', title: t`Export failed`, body: errorMessage(e) });
    }
  };

  const exportAll = async (limit: number) => {
    setAsking(false);
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setSlot(progressSlot?.current ?? null);
    setRunning({ pagesDone: 0, pagesTotal: 1, jobsSeen: 0 });
    try {
      const mod = await loadExport();
      const jobs = await mod.fetchAllJobs(api, filters, {
        limit,
        signal: ac.signal,
        onProgress: (p) => !ac.signal.aborted && setRunning(p),
      });
      ac.signal.throwIfAborted();
      const csv = await mod.jobsToCsv(jobs, config);
      const name = mod.exportFilename(filters, 'all');
      mod.download(name, csv);
      const count = jobs.length;
      notify({ title: t`Exported ${plural(count, { one: '# job', other: '# jobs' })}`, body: name });
    } catch (e) {
      if (ac.signal.aborted || (isApiError(e) && e.kind === 'aborted')) {
        notify({ title: t`Export cancelled`, body: t`Nothing was saved.` });
      } else {
        const message = errorMessage(e);
        notify({ tone: 'danger', title: t`Export failed`, body: t`${message} Nothing was saved.` });
      }
    } finally {
      if (controller.current === ac) controller.current = null;
      setRunning(null);
    }
  };

  const startAll = () => {
    if (totalRecords !== undefined && totalRecords > EXPORT_CAP) setAsking(true);
    else void exportAll(Number.MAX_SAFE_INTEGER);
  };

  const total = totalRecords ?? 0;
  const pageCount = pageJobs?.length ?? 0;
  const done = formatCount(running?.pagesDone ?? 0);
  const pages = formatCount(running?.pagesTotal ?? 0);
  const seen = running?.jobsSeen ?? 0;
  const cap = formatCount(EXPORT_CAP);
  const totalText = formatCount(total);
  const progress = running && (
    <div className={progressStyles.progressStrip} role="status" aria-live="polite">
      <span className={s.exportText}>
        <Trans>
          Exporting: page <span className="num">{done}</span> of <span className="num">{pages}</span>,{' '}
          <Plural value={seen} one="# job" other="# jobs" />
        </Trans>
      </span>
      <ProgressBar value={running.pagesDone} max={running.pagesTotal} label={t`Export progress`} />
      <Button size="sm" onClick={() => controller.current?.abort()}>
        <Trans>Cancel export</Trans>
      </Button>
    </div>
  );
  return (
    <>
      <PopoverButton
        label={t`Export CSV`}
        panelLabel={t`Export CSV`}
        buttonProps={{ disabled: running !== null || !pageJobs, onPointerEnter: () => void loadExport() }}
      >
        {(close) => (
          <div className={s.menu}>
            <Button
              variant="ghost"
              className={s.menuItem}
              disabled={!pageJobs?.length}
              onClick={() => {
                close();
                void exportPage();
              }}
            >
              <Trans>This page</Trans>
              <span className={s.menuDetail}>
                <Plural value={pageCount} one="# job" other="# jobs" />
              </span>
            </Button>
            <Button
              variant="ghost"
              className={s.menuItem}
              disabled={total === 0}
              onClick={() => {
                close();
                startAll();
              }}
            >
              <Trans>All pages matching the filters</Trans>
              <span className={s.menuDetail}>
                <Plural value={total} one="# job" other="# jobs" />
              </span>
            </Button>
          </div>
        )}
      </PopoverButton>
      {progress && (slot ? createPortal(progress, slot) : progress)}
      <ConfirmDialog
        open={asking}
        title={t`Export ${plural(total, { one: '# job', other: '# jobs' })}?`}
        confirmLabel={t`Export all ${totalText}`}
        onConfirm={() => void exportAll(Number.MAX_SAFE_INTEGER)}
        onCancel={() => setAsking(false)}
        extraActions={
          <Button onClick={() => void exportAll(EXPORT_CAP)}>
            <Trans>Only the first {cap}</Trans>
          </Button>
        }
      >
        <Trans>
          That is more than {cap} rows: the dashboard fetches every page one after another, which takes a
          while and makes a large file. You can cancel while it runs.
        </Trans>
      </ConfirmDialog>
    </>
  );
}
