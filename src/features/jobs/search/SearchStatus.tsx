import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ProgressBar } from '../../../ui';
import { MAX_SEARCH_LIMIT } from '../../../contract';
import { formatCount } from '../../../lib/count';
import { type Filters, progressStyles } from '../../../job-views';
import type { JobSearch } from './useJobSearch';
import { useOpenExactMatch, type OpensJob } from './useOpenExactMatch';
import { joinParts } from '../table/view-description';

/**
 * Where the search stands: with the service's search, whether it answered (and whether it
 * sent only its newest matches); without it, the scan's progress (with Stop), then how much of
 * the result it read (all of it, or up to the cap); and what it found. A match of the exact job
 * or order id opens its job.
 */
export function SearchStatus({
  search,
  q,
  filters: searchFilters,
  filterText,
  nav,
  onClear,
}: {
  search: JobSearch;
  q: string;
  filters: Filters;
  filterText: string[];
  nav: OpensJob;
  onClear: () => void;
}) {
  useOpenExactMatch(search.exact, JSON.stringify([searchFilters, q]), nav);
  const { t } = useLingui();
  const { phase, progress, matches } = search;
  const count = matches.length;
  const found = t`${plural(count, { one: '# match', other: '# matches' })}`;
  const filters = joinParts(filterText);
  const within = filterText.length ? t`the jobs matching ${filters}` : t`all jobs`;
  const seen = progress?.jobsSeen ?? 0;
  const seenCount = formatCount(seen);
  const toRead = formatCount(progress?.jobsToRead ?? 0);
  const total = formatCount(progress?.totalRecords ?? 0);
  let text: string;
  if (search.via === 'service' && phase === 'loading') {
    text = t`Searching all jobs for “${q}”: ${found} among the jobs already loaded so far.`;
  } else if (search.via === 'service' && phase === 'done') {
    const newest = formatCount(MAX_SEARCH_LIMIT);
    text = search.more
      ? t`${found} for “${q}” in ${within}: the service’s search of all jobs sent its ${newest} newest matches. Make the search longer to find older ones.`
      : t`${found} for “${q}” in ${within}, by the service’s search of all jobs.`;
  } else if (phase === 'loading') {
    text = progress
      ? t`Searching for “${q}”: ${seenCount} of ${toRead} jobs read, ${found} so far.`
      : t`Searching for “${q}” in ${within}: ${found} among the pages already loaded.`;
  } else if (phase === 'done') {
    text = progress?.capped
      ? t`${found} for “${q}” in the first ${seenCount} of ${total} jobs: the search reads at most ${toRead}. Narrow the filters to search the rest.`
      : t`${found} for “${q}” in ${within} (${plural(seen, { one: '# job', other: '# jobs' })} read).`;
  } else if (phase === 'stopped') {
    text =
      search.via === 'service'
        ? t`Search stopped: ${found} among the jobs already loaded.`
        : t`Search stopped after ${plural(seen, { one: '# job', other: '# jobs' })}: ${found} so far.`;
  } else {
    const error = search.error;
    text = t`The search stopped: ${error} ${found} so far.`;
  }
  return (
    <div className={progressStyles.progressStrip} data-phase={phase}>
      <p className={progressStyles.searchText} role="status" aria-live="polite">
        {text}
      </p>
      {phase === 'loading' && progress && (
        <ProgressBar value={progress.pagesDone} max={progress.pagesTotal} label={t`Search progress`} />
      )}
      <div className={progressStyles.searchActions}>
        {phase === 'loading' ? (
          <Button size="sm" onClick={search.stop}>
            <Trans>Stop searching</Trans>
          </Button>
        ) : (
          <Button size="sm" onClick={search.again}>
            <Trans>Search again</Trans>
          </Button>
        )}
        <Button size="sm" onClick={onClear}>
          <Trans>Clear the search</Trans>
        </Button>
      </div>
    </div>
  );
}
