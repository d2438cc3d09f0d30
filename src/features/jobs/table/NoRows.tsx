import { Button, EmptyState } from '../../../ui';
import { countOf, formatCount } from '../../../lib/count';
import type { NoRowsReason } from './view-description';

/**
 * What the table's place says when it has no row to show, and the way on from there.
 */
export function NoRows({
  reason,
  filterText,
  onShowAll,
  onClearSearch,
  onGoToPage,
  onClearFilters,
}: {
  reason: NoRowsReason;
  /** The active filters in words ("status Failed (8), branch BOM-01"). */
  filterText: string[];
  onShowAll: () => void;
  onClearSearch: () => void;
  onGoToPage: (page: number) => void;
  onClearFilters: () => void;
}) {
  const within = filterText.length ? `the jobs matching ${filterText.join(', ')}` : 'all jobs';
  switch (reason.kind) {
    case 'searching':
      return <EmptyState title="Searching…">Matches show here as the pages are read.</EmptyState>;
    case 'none-late':
      // Only a search's matches: without a search, "late only" lists the whole result's late jobs.
      return (
        <EmptyState
          title="None of the matches is late"
          actions={<Button onClick={onShowAll}>Show all matches</Button>}
        >
          {countOf(reason.loaded, 'match', 'matches')} for “{reason.q}”, none past its slot.
        </EmptyState>
      );
    case 'none-late-open': {
      const showAll = (
        <Button variant="primary" onClick={onShowAll}>
          Show all jobs
        </Button>
      );
      if (reason.phase === 'loading')
        return (
          <EmptyState title="Looking for late jobs…">
            Late jobs show here as the open work is read.
          </EmptyState>
        );
      if (reason.phase === 'done' && reason.open === 0)
        return (
          <EmptyState title="No open jobs" actions={showAll}>
            Only open work can be late, and {filterText.length ? 'these filters match' : 'there is'} none.
          </EmptyState>
        );
      return (
        <EmptyState
          title={
            reason.phase !== 'done' || reason.read < reason.open
              ? `None of the ${formatCount(reason.read)} open jobs read is late`
              : reason.open === 1
                ? 'The one open job is not late'
                : `None of the ${formatCount(reason.open)} open jobs is late`
          }
          actions={showAll}
        >
          “Late only” lists the late jobs of {within}, every page.
        </EmptyState>
      );
    }
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
          {countOf(reason.totalPages, 'page', 'pages')}.
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
