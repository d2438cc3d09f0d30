import { Button, EmptyState } from '../../../ui';
import { formatCount } from '../count-format';
import type { NoRowsReason } from '../view-description';

/**
 * What the table's place says when it has no row to show, and the way on from there. Its own
 * chunk: the first rows never need it.
 */
export default function NoRows({
  reason,
  filterText,
  onShowAll,
  onClearSearch,
  onNextPage,
  onGoToPage,
  onClearFilters,
}: {
  reason: NoRowsReason;
  /** The active filters in words ("status Failed (8), branch BOM-01"). */
  filterText: string[];
  onShowAll: () => void;
  onClearSearch: () => void;
  /** Absent on the last page. */
  onNextPage?: () => void;
  onGoToPage: (page: number) => void;
  onClearFilters: () => void;
}) {
  const within = filterText.length ? `the jobs matching ${filterText.join(', ')}` : 'all jobs';
  switch (reason.kind) {
    case 'searching':
      return <EmptyState title="Searching…">Matches show here as the pages are read.</EmptyState>;
    case 'none-late':
      return reason.q !== undefined ? (
        <EmptyState
          title="None of the matches is late"
          actions={<Button onClick={onShowAll}>Show all matches</Button>}
        >
          {formatCount(reason.loaded)} {reason.loaded === 1 ? 'match' : 'matches'} for “{reason.q}”, none past
          its slot.
        </EmptyState>
      ) : (
        <EmptyState
          title={`None of the ${formatCount(reason.loaded)} jobs on this page is late`}
          actions={
            <>
              <Button variant="primary" onClick={onShowAll}>
                Show all jobs
              </Button>
              {onNextPage && <Button onClick={onNextPage}>Next page</Button>}
            </>
          }
        >
          “Late only” narrows the jobs loaded, page by page.
        </EmptyState>
      );
    case 'no-match':
      return (
        <EmptyState
          title={`No job matches “${reason.q}”`}
          actions={<Button onClick={onClearSearch}>Clear the search</Button>}
        >
          {reason.cappedAt !== null
            ? `Among the first ${formatCount(reason.cappedAt)} jobs${filterText.length ? ` matching ${filterText.join(', ')}` : ''}.`
            : `Among ${within}.`}
        </EmptyState>
      );
    case 'past-end':
      return (
        <EmptyState
          title={`Page ${formatCount(reason.page)} is past the end`}
          actions={
            <Button variant="primary" onClick={() => onGoToPage(reason.totalPages)}>
              Go to the last page ({formatCount(reason.totalPages)})
            </Button>
          }
        >
          {filterText.length ? 'These filters match' : 'There are'} {formatCount(reason.totalRecords)} jobs on{' '}
          {formatCount(reason.totalPages)} {reason.totalPages === 1 ? 'page' : 'pages'}.
        </EmptyState>
      );
    case 'none-match-filters':
      return (
        <EmptyState
          title="No jobs match these filters"
          actions={
            <Button variant="primary" onClick={onClearFilters}>
              Clear all filters
            </Button>
          }
        >
          Nothing matches {filterText.join(', ')}.
        </EmptyState>
      );
    case 'no-jobs':
      return <EmptyState title="No jobs yet">The service has no jobs to list.</EmptyState>;
  }
}
