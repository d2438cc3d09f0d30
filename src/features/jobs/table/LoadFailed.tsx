import { errorMessage } from '../../../api';
import { Banner, Button, ErrorState } from '../../../ui';

/**
 * What the screen says when loading the jobs failed: in place of the table when nothing was
 * loaded yet, or above the last loaded rows ("Not current").
 */
export function LoadFailed({
  error,
  retry,
  retrying,
  lastPage,
}: {
  error: unknown;
  retry: () => void;
  retrying: boolean;
  /** Rows of an older load are shown: the page they are of (undefined: the current page's, only not refreshed). Absent: nothing is shown. */
  lastPage?: number | undefined | null;
}) {
  if (lastPage === null) {
    return (
      <ErrorState
        title="Could not load jobs"
        message={errorMessage(error)}
        onRetry={retry}
        retrying={retrying}
      />
    );
  }
  return (
    <Banner
      tone="danger"
      actions={
        <Button size="sm" onClick={retry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      <strong>Not current.</strong> Could not {lastPage === undefined ? 'refresh' : 'load'} the jobs:{' '}
      {errorMessage(error)} The table shows the last loaded data
      {lastPage === undefined ? '' : ` (page ${lastPage})`}.
    </Banner>
  );
}
