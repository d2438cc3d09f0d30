import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { pageRange } from './page-range';
import s from './pagination.module.css';

export type PageControls = {
  canFirst: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canLast: boolean;
  first: () => void;
  previous: () => void;
  next: () => void;
  last: () => void;
  goTo: (page: number) => void;
};

/** The pager's moves from `page` (the page shown), kept within the pages there are. */
export function pageControls(page: number, totalPages: number, goTo: (page: number) => void): PageControls {
  const clamp = (n: number) => Math.max(1, totalPages > 0 ? Math.min(n, totalPages) : n);
  return {
    canFirst: page > 1,
    canPrevious: page > 1,
    canNext: page < totalPages,
    canLast: totalPages > 0 && page !== totalPages,
    first: () => goTo(1),
    previous: () => goTo(clamp(page - 1)),
    next: () => goTo(clamp(page + 1)),
    last: () => goTo(clamp(totalPages)),
    goTo: (n) => goTo(clamp(n)),
  };
}

function PageField({
  page,
  totalPages,
  goTo,
}: {
  page: number;
  totalPages: number;
  goTo: (page: number) => void;
}) {
  const [draft, setDraft] = useState(String(page));
  const pages = formatCount(Math.max(totalPages, 1));
  const [seen, setSeen] = useState(page);
  if (seen !== page) {
    setSeen(page);
    setDraft(String(page));
  }
  const commit = () => {
    const n = Number(draft);
    if (!Number.isInteger(n) || n < 1) {
      setDraft(String(page));
      return;
    }
    const target = Math.min(n, Math.max(totalPages, 1));
    setDraft(String(target));
    if (target !== page) goTo(target);
  };
  return (
    <label className={s.pageField}>
      <span>
        <Trans>Page</Trans>
      </span>
      <input
        className={s.pageInput}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(totalPages, 1)}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <span className="num">
        <Trans>of {pages}</Trans>
      </span>
    </label>
  );
}

/**
 * First, previous, a page field, next, last, and "N–M of TOTAL jobs".
 */
export function PaginationBar({
  page,
  rows,
  totalRecords,
  totalPages,
  goTo,
  busy,
  sortedByLateness = false,
}: {
  page: number;
  rows: number;
  totalRecords: number;
  totalPages: number;
  goTo: (page: number) => void;
  busy: boolean;
  /** The viewer sorted this page's rows by lateness (the Late column). */
  sortedByLateness?: boolean;
}) {
  const { t } = useLingui();
  const controls = pageControls(page, totalPages, goTo);
  const range = pageRange(page, rows, totalRecords, totalPages);
  const first = range ? formatCount(range.first) : '';
  const last = range ? formatCount(range.last) : '';
  return (
    <nav className={s.pagination} aria-label={t`Pages`}>
      <p className={s.rangeText} aria-live="polite" aria-atomic="true">
        {range ? (
          <Trans>
            <span className="num">
              {first}–{last}
            </span>{' '}
            of <Plural value={totalRecords} one="# job" other="# jobs" />
          </Trans>
        ) : (
          <Plural value={totalRecords} one="# job" other="# jobs" />
        )}
        {busy && (
          <span className={s.muted}>
            {' · '}
            <Trans>loading…</Trans>
          </span>
        )}
      </p>
      <span className={s.orderNote}>
        {sortedByLateness
          ? t`This page’s jobs by lateness (the interface offers no sorting: other pages are not included)`
          : t`In the service’s order (the interface offers no sorting)`}
      </span>
      <div className={s.pageButtons}>
        <Button
          size="sm"
          onClick={controls.first}
          disabled={!controls.canFirst}
          aria-label={t`First page`}
          title={t`First page`}
        >
          «<span className={s.hideNarrow}> {t`First`}</span>
        </Button>
        <Button
          size="sm"
          onClick={controls.previous}
          disabled={!controls.canPrevious}
          aria-label={t`Previous page`}
          title={t`Previous page`}
        >
          ‹<span className={s.hideNarrow}> {t`Previous`}</span>
        </Button>
        <PageField page={page} totalPages={totalPages} goTo={controls.goTo} />
        <Button
          size="sm"
          onClick={controls.next}
          disabled={!controls.canNext}
          aria-label={t`Next page`}
          title={t`Next page`}
        >
          <span className={s.hideNarrow}>{t`Next`} </span>›
        </Button>
        <Button
          size="sm"
          onClick={controls.last}
          disabled={!controls.canLast}
          aria-label={t`Last page`}
          title={t`Last page`}
        >
          <span className={s.hideNarrow}>{t`Last`} </span>»
        </Button>
      </div>
    </nav>
  );
}
