import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { joinParts, type NoRowsReason } from './view-description';

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
  const { t } = useLingui();
  const filters = joinParts(filterText);
  const within = filterText.length ? t`the jobs matching ${filters}` : t`all jobs`;
  switch (reason.kind) {
    case 'searching':
      return (
        <EmptyState title={t`Searching…`}>
          <Trans>Matches show here as the pages are read.</Trans>
        </EmptyState>
      );
    case 'none-late': {
      // Only a search's matches: without a search, "late only" lists the whole result's late jobs.
      const { loaded, q: query } = reason;
      return (
        <EmptyState
          title={t`None of the matches is late`}
          actions={
            <Button onClick={onShowAll}>
              <Trans>Show all matches</Trans>
            </Button>
          }
        >
          <Trans>
            <Plural value={loaded} one="# match" other="# matches" /> for “<bdi>{query}</bdi>”, none past its
            slot.
          </Trans>
        </EmptyState>
      );
    }
    case 'none-late-open': {
      const showAll = (
        <Button variant="primary" onClick={onShowAll}>
          <Trans>Show all jobs</Trans>
        </Button>
      );
      if (reason.phase === 'loading')
        return (
          <EmptyState title={t`Looking for late jobs…`}>
            <Trans>Late jobs show here as the open work is read.</Trans>
          </EmptyState>
        );
      if (reason.phase === 'done' && reason.open === 0)
        return (
          <EmptyState title={t`No open jobs`} actions={showAll}>
            {filterText.length ? (
              <Trans>Only open work can be late, and these filters match none.</Trans>
            ) : (
              <Trans>Only open work can be late, and there is none.</Trans>
            )}
          </EmptyState>
        );
      const { read, open } = reason;
      return (
        <EmptyState
          title={
            reason.phase !== 'done' || read < open
              ? t`${plural(read, { one: 'None of the # open job read is late', other: 'None of the # open jobs read is late' })}`
              : open === 1
                ? t`The one open job is not late`
                : t`${plural(open, { one: 'None of the # open job is late', other: 'None of the # open jobs is late' })}`
          }
          actions={showAll}
        >
          <Trans>“Late only” lists the late jobs of {within}, every page.</Trans>
        </EmptyState>
      );
    }
    case 'no-match': {
      const { q: query, cappedAt } = reason;
      const read = cappedAt === null ? '' : formatCount(cappedAt);
      return (
        <EmptyState
          title={t`No job matches “${query}”`}
          actions={
            <Button onClick={onClearSearch}>
              <Trans>Clear the search</Trans>
            </Button>
          }
        >
          {cappedAt === null
            ? t`Among ${within}.`
            : filterText.length
              ? t`Among the first ${read} jobs matching ${filters}.`
              : t`Among the first ${read} jobs.`}
        </EmptyState>
      );
    }
    case 'past-end': {
      const page = formatCount(reason.page);
      const last = formatCount(reason.totalPages);
      const { totalRecords: jobs, totalPages: pages } = reason;
      return (
        <EmptyState
          title={t`Page ${page} is past the end`}
          actions={
            <Button variant="primary" onClick={() => onGoToPage(reason.totalPages)}>
              <Trans>Go to the last page ({last})</Trans>
            </Button>
          }
        >
          {filterText.length
            ? t`These filters match ${plural(jobs, { one: '# job', other: '# jobs' })} on ${plural(pages, { one: '# page', other: '# pages' })}.`
            : t`There are ${plural(jobs, { one: '# job', other: '# jobs' })} on ${plural(pages, { one: '# page', other: '# pages' })}.`}
        </EmptyState>
      );
    }
    case 'none-match-filters':
      return (
        <EmptyState
          title={t`No jobs match these filters`}
          actions={
            <Button variant="primary" onClick={onClearFilters}>
              <Trans>Clear all filters</Trans>
            </Button>
          }
        >
          <Trans>Nothing matches {filters}.</Trans>
        </EmptyState>
      );
    case 'no-jobs':
      return (
        <EmptyState title={t`No jobs yet`}>
          <Trans>The service has no jobs to list.</Trans>
        </EmptyState>
      );
  }
}
