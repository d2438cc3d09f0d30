import { Trans, useLingui } from '@lingui/react/macro';
import type { JobWithActions } from '../../api';
import type { Job } from '../../contract';
import { Button } from '../../ui';
import { preloadActionDialogs, useActionOffer } from './useJobActions';
import s from './actions.module.css';

/**
 * A list row's way to act on its job (the exceptions list): one button opening the job's action
 * dialog, which reads the job and offers what may be done to it. Drawn only where the screen
 * has found actions offered (`useActionsOffered`).
 */
export function JobActionButton({
  job,
  shown,
  onActed,
}: {
  job: Job;
  shown: Iterable<Job> | undefined;
  onActed?: (result: JobWithActions) => void;
}) {
  // The job's own read waits for the click: a list of 150 rows asks nothing until then.
  const offer = useActionOffer(job, shown, onActed, false);
  const { t } = useLingui();
  const jobId = job.id;
  return (
    <>
      <Button
        size="sm"
        className={s.rowButton}
        aria-label={t`Act on job ${jobId}`}
        onPointerEnter={preloadActionDialogs}
        onFocus={preloadActionDialogs}
        onClick={(e) => {
          e.stopPropagation();
          offer.open({ kind: 'remark' });
        }}
        onKeyDown={(e) => e.stopPropagation()}
      >
        <Trans>Act…</Trans>
      </Button>
      {/* React events bubble out of the dialog's portal through the React tree: the row must not see them. */}
      <span
        className={s.contents}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      >
        {offer.dialog}
      </span>
    </>
  );
}
