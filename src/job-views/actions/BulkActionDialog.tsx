/**
 * One action on several jobs (the jobs table's selection): a remark, a move to a status every
 * selected job offers, a rider for them all (chosen as for one job: RiderPicker), or a cancel.
 * The dialog names how many jobs and what will happen before anything is sent; then each job is read again and acted on at the version that was selected
 * (a job changed since is a conflict, not overwritten), with the progress and each job's result:
 * done, conflict or refused (or failed, with the reason).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import {
  actOnJob,
  errorMessage,
  fetchJobWithActions,
  outcomeOf,
  queryKeys,
  useApi,
  type ActionOutcome,
  type JobAction,
} from '../../api';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { Banner, ProgressBar } from '../../ui';
import { Modal } from '../../ui/Modal';
import { countOf } from '../../lib/count';
import { ActionChoice, DialogButtons, RemarksField, StatusChoice } from './ActionFields';
import { commonNextStatuses, remarksProblem } from './action-words';
import { heldJobs } from './held-jobs';
import { RiderPicker } from './RiderPicker';
import s from './actions.module.css';

export type BulkKind = 'remark' | 'status' | 'reassign' | 'cancel';
const CHOICES = [
  ['remark', 'Add a remark'],
  ['status', 'Change status'],
  ['reassign', 'Reassign rider'],
  ['cancel', 'Cancel the jobs'],
] as const;
type Result = { jobId: number; outcome: ActionOutcome; message: string };

const OUTCOME_WORDS: Record<ActionOutcome, string> = {
  done: 'Done',
  conflict: 'Conflict',
  refused: 'Refused',
  failed: 'Failed',
};

/** One job of the selection: read again, compared with the copy selected, then acted on at that version. */
async function actOnSelected(api: ReturnType<typeof useApi>, seen: Job, action: JobAction): Promise<Result> {
  try {
    const now = await fetchJobWithActions(api, seen.id);
    if (!now) return { jobId: seen.id, outcome: 'failed', message: 'The service offers no job actions.' };
    if (now.job.updated_at !== seen.updated_at || now.job.status !== seen.status) {
      return {
        jobId: seen.id,
        outcome: 'conflict',
        message: 'Changed by someone else since it was selected: not changed. Look at it again.',
      };
    }
    if (!now.etag)
      return { jobId: seen.id, outcome: 'failed', message: 'The service named no version (ETag).' };
    await actOnJob(api, seen.id, action, now.etag);
    return { jobId: seen.id, outcome: 'done', message: '' };
  } catch (error) {
    const outcome = outcomeOf(error);
    return {
      jobId: seen.id,
      outcome,
      message:
        outcome === 'conflict' ? 'Changed by someone else meanwhile: not changed.' : errorMessage(error),
    };
  }
}

export default function BulkActionDialog({
  jobs,
  onClose,
  onActed,
  returnFocusTo,
}: {
  /** The selected jobs, as the screen showed them. */
  jobs: readonly Job[];
  /** The control that opened the dialog: the focus goes back to it (if still there). */
  returnFocusTo?: HTMLElement | null;
  onClose: () => void;
  onActed?: () => void;
}) {
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BulkKind>('remark');
  const [status, setStatus] = useState<number | undefined>();
  const [riderId, setRiderId] = useState<number | undefined>();
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<{ status?: string; rider?: string; remarks?: string }>({});
  const fleet = useCallback(() => heldJobs(queryClient, jobs), [queryClient, jobs]);
  const riderName = useCallback(() => {
    for (const { rider } of fleet())
      if (rider && rider.id === riderId) return rider.name || `Rider ${riderId}`;
    return `Rider ${riderId}`;
  }, [fleet, riderId]);
  const [results, setResults] = useState<Result[] | null>(null);
  const [running, setRunning] = useState(false);
  const n = jobs.length;
  const statuses = commonNextStatuses(jobs);
  const label = (code: number) => describeStatus(config, code).label;
  const jobsWord = countOf(n, 'job', 'jobs');

  const what = {
    remark: `${jobsWord} will each get this remark in their status history.`,
    cancel: `${jobsWord} will be cancelled, with their stops still open.`,
    status:
      status === undefined
        ? `${jobsWord} will be moved to the status you choose.`
        : `${jobsWord} will be moved to ${label(status)}.`,
    reassign:
      riderId === undefined
        ? `${jobsWord} will be given to the rider you choose.`
        : `${jobsWord} will be given to ${riderName()}.`,
  }[kind];
  const confirmLabel = {
    remark: `Add the remark to ${jobsWord}`,
    cancel: `Cancel ${jobsWord}`,
    status: `Move ${jobsWord}`,
    reassign: `Reassign ${jobsWord}`,
  }[kind];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    const next: typeof errors = {};
    const remarkError = remarksProblem(remarks, kind === 'remark');
    if (remarkError) next.remarks = remarkError;
    if (kind === 'status' && (status === undefined || !statuses.includes(status)))
      next.status = 'Choose the status to move to';
    if (kind === 'reassign' && riderId === undefined) next.rider = 'Choose a rider';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const action: JobAction =
      kind === 'status'
        ? { kind, status: status!, remarks }
        : kind === 'reassign'
          ? { kind, riderId: riderId!, remarks }
          : { kind, remarks };
    setRunning(true);
    const done: Result[] = [];
    setResults([]);
    // One job after another: the service is not flooded, and the progress reads in order.
    for (const job of jobs) {
      done.push(await actOnSelected(api, job, action));
      setResults([...done]);
    }
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
    onActed?.();
  };

  const counts = (results ?? []).reduce<Record<ActionOutcome, number>>(
    (acc, r) => ({ ...acc, [r.outcome]: acc[r.outcome] + 1 }),
    { done: 0, conflict: 0, refused: 0, failed: 0 },
  );
  const finished = results !== null && !running;

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !running && onClose()}
      dismissible={!running}
      returnFocusTo={returnFocusTo}
      title={`Act on ${jobsWord}`}
      description={`Selected: ${jobs.map((j) => j.id).join(', ')}.`}
      actions={
        <DialogButtons
          close={finished ? 'Close' : 'Cancel'}
          onClose={onClose}
          closeDisabled={running}
          form="bulk-action-form"
          submit={results === null ? confirmLabel : null}
          danger={kind === 'cancel'}
        />
      }
    >
      {results === null ? (
        <form id="bulk-action-form" className={s.form} onSubmit={(e) => void submit(e)} noValidate>
          <ActionChoice
            name="bulk-action"
            choices={CHOICES}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setErrors({});
            }}
          />
          {kind === 'status' && (
            <StatusChoice
              name="bulk-status"
              codes={statuses}
              value={status}
              onChange={setStatus}
              error={errors.status}
              none="No status is offered by every selected job: select jobs in the same status."
            />
          )}
          {kind === 'reassign' && (
            <RiderPicker
              jobs={jobs}
              fleet={fleet}
              value={riderId}
              onChange={setRiderId}
              error={errors.rider}
            />
          )}
          <RemarksField
            label={kind === 'remark' ? 'Remark' : 'Remark (optional)'}
            hint="Recorded on each job with your name"
            value={remarks}
            onChange={setRemarks}
            error={errors.remarks}
          />
          <p className={s.consequence} role="status">
            {what} Each job is acted on only as it was when selected: one changed since is left alone.
          </p>
        </form>
      ) : (
        <div className={s.form}>
          <ProgressBar value={results.length} max={n} label="Jobs acted on" />
          <p role="status" className={s.progressText}>
            {running
              ? `Working: ${results.length} of ${n}…`
              : `Finished: ${counts.done} done, ${counts.conflict} conflict, ${counts.refused} refused${counts.failed ? `, ${counts.failed} failed` : ''}.`}
          </p>
          {counts.conflict + counts.refused + counts.failed > 0 && finished && (
            <Banner tone="warning">
              Jobs not done were left as they are. A conflict means someone else changed the job: look at it
              again.
            </Banner>
          )}
          <ul className={s.results} aria-label="Result per job">
            {results.map((r) => (
              <li key={r.jobId} data-outcome={r.outcome}>
                <span className="mono">Job {r.jobId}</span>:{' '}
                <strong className={s[`outcome-${r.outcome}`]}>{OUTCOME_WORDS[r.outcome]}</strong>
                {r.message && <span className={s.muted}> · {r.message}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
