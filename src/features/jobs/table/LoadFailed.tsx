import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api';
import { Banner, Button, ErrorState } from '../../../ui';
import { formatCount } from '../../../lib/count';

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
  const { t } = useLingui();
  if (lastPage === null) {
    return (
      <ErrorState
        title={t`Could not load jobs`}
        message={errorMessage(error)}
        onRetry={retry}
        retrying={retrying}
      />
    );
  }
  const message = errorMessage(error);
  const page = lastPage === undefined ? '' : formatCount(lastPage);
  return (
    <Banner
      tone="danger"
      actions={
        <Button size="sm" onClick={retry} disabled={retrying}>
          <Trans>Retry</Trans>
        </Button>
      }
    >
      <strong>
        <Trans>Not current.</Trans>
      </strong>{' '}
      {lastPage === undefined ? (
        <Trans>Could not refresh the jobs: {message} The table shows the last loaded data.</Trans>
      ) : (
        <Trans>
          Could not load the jobs: {message} The table shows the last loaded data (page {page}).
        </Trans>
      )}
    </Banner>
  );
}
