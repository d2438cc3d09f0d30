import { Button, ProgressBar } from '../../../ui';
import { MAX_SEARCH_LIMIT } from '../../../contract';
import { countOf, formatCount } from '../../../lib/count';
import { type Filters, progressStyles } from '../../../job-views';
import type { JobSearch } from './useJobSearch';
import { useOpenExactMatch, type OpensJob } from './useOpenExactMatch';

/**
 * Where the search stands: with the service's search, whether it answered (and whether it
 * sent only its newest matches); without it, the scan's progress (with Stop), then how much of
 * the result it read (all of it, or up to the cap); and what it found. A match of the exact job
 * or order id opens its job.
 */
export function SearchStatus({
  search,
  q,
  filters,
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
  useOpenExactMatch(search.exact, JSON.stringify([filters, q]), nav);
  const { phase, progress, matches } = search;
  const found = countOf(matches.length, 'match', 'matches');
  const within = filterText.length ? `the jobs matching ${filterText.join(', ')}` : 'all jobs';
  let text: string;
  if (search.via === 'service' && phase === 'loading') {
    text = `Searching all jobs for “${q}”: ${found} among the jobs already loaded so far.`;
  } else if (search.via === 'service' && phase === 'done') {
    text = search.more
      ? `${found} for “${q}” in ${within}: the service’s search of all jobs sent its ${formatCount(MAX_SEARCH_LIMIT)} newest matches. Make the search longer to find older ones.`
      : `${found} for “${q}” in ${within}, by the service’s search of all jobs.`;
  } else if (phase === 'loading') {
    text = progress
      ? `Searching for “${q}”: ${formatCount(progress.jobsSeen)} of ${formatCount(progress.jobsToRead)} jobs read, ${found} so far.`
      : `Searching for “${q}” in ${within}: ${found} among the pages already loaded.`;
  } else if (phase === 'done') {
    text = progress?.capped
      ? `${found} for “${q}” in the first ${formatCount(progress.jobsSeen)} of ${formatCount(progress.totalRecords)} jobs: the search reads at most ${formatCount(progress.jobsToRead)}. Narrow the filters to search the rest.`
      : `${found} for “${q}” in ${within} (${countOf(progress?.jobsSeen ?? 0, 'job', 'jobs')} read).`;
  } else if (phase === 'stopped') {
    text =
      search.via === 'service'
        ? `Search stopped: ${found} among the jobs already loaded.`
        : `Search stopped after ${countOf(progress?.jobsSeen ?? 0, 'job', 'jobs')}: ${found} so far.`;
  } else {
    text = `The search stopped: ${search.error} ${found} so far.`;
  }
  return (
    <div className={progressStyles.progressStrip} data-phase={phase}>
      <p className={progressStyles.searchText} role="status" aria-live="polite">
        {text}
      </p>
      {phase === 'loading' && progress && (
        <ProgressBar value={progress.pagesDone} max={progress.pagesTotal} label="Search progress" />
      )}
      <div className={progressStyles.searchActions}>
        {phase === 'loading' ? (
          <Button size="sm" onClick={search.stop}>
            Stop searching
          </Button>
        ) : (
          <Button size="sm" onClick={search.again}>
            Search again
          </Button>
        )}
        <Button size="sm" onClick={onClear}>
          Clear the search
        </Button>
      </div>
    </div>
  );
}
