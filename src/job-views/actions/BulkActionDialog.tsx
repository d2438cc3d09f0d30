/**
 * One action on several jobs (the jobs table's selection): a remark, a move to a status every
 * selected job offers, a rider for them all (chosen as for one job: RiderPicker), or a cancel.
 * The dialog names how many jobs and what will happen before anything is sent; then each job is read again and acted on at the version that was selected
 * (a job changed since is a conflict, not overwritten), with the progress and each job's result:
 * done, conflict or refused (or failed, with the reason).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
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
import { i18n } from '../../i18n';
import { ActionChoice, DialogButtons, RemarksField, StatusChoice } from './ActionFields';
import { commonNextStatuses, remarksProblem } from './action-words';
import { heldJobs } from './held-jobs';
import { RiderPicker } from './RiderPicker';
import s from './actions.module.css';

export type BulkKind = 'remark' | 'status' | 'reassign' | 'cancel';
const CHOICES = [
  ['remark', msg`Add a remark`],
  ['status', msg`Change status`],
  ['reassign', msg`Reassign rider`],
  ['cancel', msg`Cancel the jobs`],
] as const;
type Result = { jobId: number; outcome: ActionOutcome; message: string };

const OUTCOME_WORDS: Record<ActionOutcome, MessageDescriptor> = {
  done: msg`Done`,
  conflict: msg`Conflict`,
  refused: msg`Refused`,
  failed: msg({ message: 'Failed', context: 'an action on a job' }),
};

/** One job of the selection: read again, compared with the copy selected, then acted on at that version. */
async function actOnSelected(api: ReturnType<typeof useApi>, seen: Job, action: JobAction): Promise<Result> {
  try {
    const now = await fetchJobWithActions(api, seen.id);
    if (!now)
      return { jobId: seen.id, outcome: 'failed', message: i18n._(msg`The service offers no job actions.`) };
    if (now.job.updated_at !== seen.updated_at || now.job.status !== seen.status) {
      return {
        jobId: seen.id,
        outcome: 'conflict',
        message: i18n._(msg`Changed by someone else since it was selected: not changed. Look at it again.`),
      };
    }
    if (!now.etag)
      return {
        jobId: seen.id,
        outcome: 'failed',
        message: i18n._(msg`The service named no version (ETag).`),
      };
    await actOnJob(api, seen.id, action, now.etag);
    return { jobId: seen.id, outcome: 'done', message: '' };
  } catch (error) {
    const outcome = outcomeOf(error);
    return {
      jobId: seen.id,
      outcome,
      message:
        outcome === 'conflict'
          ? i18n._(msg`Changed by someone else meanwhile: not changed.`)
          : errorMessage(error),
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
  const { t } = useLingui();
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
    const id = riderId ?? '';
    const fallback = i18n._(msg`Rider ${id}`);
    for (const { rider } of fleet()) if (rider && rider.id === riderId) return rider.name || fallback;
    return fallback;
  }, [fleet, riderId]);
  const [results, setResults] = useState<Result[] | null>(null);
  const [running, setRunning] = useState(false);
  const n = jobs.length;
  const statuses = commonNextStatuses(jobs);
  const label = (code: number) => describeStatus(config, code).label;
  const statusName = status === undefined ? '' : label(status);
  const rider = riderId === undefined ? '' : riderName();

  const what = {
    remark: t`${plural(n, { one: '# job will get this remark in its status history.', other: '# jobs will each get this remark in their status history.' })}`,
    cancel: t`${plural(n, { one: '# job will be cancelled, with its stops still open.', other: '# jobs will be cancelled, with their stops still open.' })}`,
    status:
      status === undefined
        ? t`${plural(n, { one: '# job will be moved to the status you choose.', other: '# jobs will be moved to the status you choose.' })}`
        : t`${plural(n, { one: `# job will be moved to ${statusName}.`, other: `# jobs will be moved to ${statusName}.` })}`,
    reassign:
      riderId === undefined
        ? t`${plural(n, { one: '# job will be given to the rider you choose.', other: '# jobs will be given to the rider you choose.' })}`
        : t`${plural(n, { one: `# job will be given to ${rider}.`, other: `# jobs will be given to ${rider}.` })}`,
  }[kind];
  const confirmLabel = {
    remark: t`${plural(n, { one: 'Add the remark to # job', other: 'Add the remark to # jobs' })}`,
    cancel: t`${plural(n, { one: 'Cancel # job', other: 'Cancel # jobs' })}`,
    status: t`${plural(n, { one: 'Move # job', other: 'Move # jobs' })}`,
    reassign: t`${plural(n, { one: 'Reassign # job', other: 'Reassign # jobs' })}`,
  }[kind];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    const next: typeof errors = {};
    const remarkError = remarksProblem(remarks, kind === 'remark');
    if (remarkError) next.remarks = remarkError;
    if (kind === 'status' && (status === undefined || !statuses.includes(status)))
      next.status = t`Choose the status to move to`;
    if (kind === 'reassign' && riderId === undefined) next.rider = t`Choose a rider`;
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
  const selected = jobs.map((j) => j.id).join(', ');
  const acted = results?.length ?? 0;
  const { done, conflict, refused, failed } = counts;

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !running && onClose()}
      dismissible={!running}
      returnFocusTo={returnFocusTo}
      title={t`${plural(n, { one: 'Act on # job', other: 'Act on # jobs' })}`}
      description={t`Selected: ${selected}.`}
      actions={
        <DialogButtons
          close={finished ? t`Close` : t`Cancel`}
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
            choices={CHOICES.map(([choice, words]) => [choice, t(words)] as const)}
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
              none={t`No status is offered by every selected job: select jobs in the same status.`}
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
            label={kind === 'remark' ? t`Remark` : t`Remark (optional)`}
            hint={t`Recorded on each job with your name`}
            value={remarks}
            onChange={setRemarks}
            error={errors.remarks}
          />
          <p className={s.consequence} role="status">
            {what}{' '}
            <Trans>Each job is acted on only as it was when selected: one changed since is left alone.</Trans>
          </p>
        </form>
      ) : (
        <div className={s.form}>
          <ProgressBar value={results.length} max={n} label={t`Jobs acted on`} />
          <p role="status" className={s.progressText}>
            {running
              ? t`Working: ${acted} of ${n}…`
              : failed
                ? t`Finished: ${done} done, ${conflict} conflict, ${refused} refused, ${failed} failed.`
                : t`Finished: ${done} done, ${conflict} conflict, ${refused} refused.`}
          </p>
          {counts.conflict + counts.refused + counts.failed > 0 && finished && (
            <Banner tone="warning">
              <Trans>
                Jobs not done were left as they are. A conflict means someone else changed the job: look at it
                again.
              </Trans>
            </Banner>
          )}
          <ul className={s.results} aria-label={t`Result per job`}>
            {results.map((r) => {
              const jobId = r.jobId;
              return (
                <li key={r.jobId} data-outcome={r.outcome}>
                  <span className="mono">{t`Job ${jobId}`}</span>:{' '}
                  <strong className={s[`outcome-${r.outcome}`]}>{t(OUTCOME_WORDS[r.outcome])}</strong>
                  {r.message && (
                    <span className={s.muted}>
                      {' · '}
                      <bdi>{r.message}</bdi>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Modal>
  );
}
