/**
 * One job's action, chosen and sent (docs/design.md, "Job actions (optional)"): the job as the
 * service has it now (read when the dialog opens, with its ETag), what this sign-in may do to
 * it, the fields of the chosen action, then the action with `If-Match`. A 412 says the job was
 * changed by someone else, shows it as it is now, and changes nothing; a 403 says what is not
 * allowed. Validation is said beside each field before anything is sent.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import {
  actOnJob,
  errorMessage,
  jobWithActionsQueryOptions,
  outcomeOf,
  queryKeys,
  useApi,
  type JobAction,
  type JobWithActions,
  type StopRef,
} from '../../api';
import type { Delivery, Job, JobActionName, Pickup } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import { Banner, Field, Skeleton, inputClass, useToast } from '../../ui';
import { Modal } from '../../ui/Modal';
import { lastRemark } from '../job-facts';
import { StatusBadge } from '../StatusBadge';
import { ActionChoice, DialogButtons, RemarksField, StatusChoice } from './ActionFields';
import { ACTION_LABELS, remarksProblem } from './action-words';
import { RiderPicker } from './RiderPicker';
import s from './actions.module.css';
import { i18n } from '../../i18n';

export type ActionStart = { kind: JobActionName; status?: number; stop?: StopRef };

type Errors = Partial<Record<'status' | 'stop' | 'rider' | 'remarks', string>>;
type Failure = { outcome: 'conflict' | 'refused' | 'failed'; message: string };

const stopKey = (stop: StopRef) => `${stop.kind}:${stop.id}`;

function stopsOf(job: Job) {
  const named = (kind: StopRef['kind'], stop: Pickup | Delivery, index: number) => {
    const number = index + 1;
    return {
      ref: { kind, id: stop.id } as StopRef,
      name: i18n._(kind === 'pickup' ? msg`Pickup ${number}` : msg`Delivery ${number}`),
      stop,
    };
  };
  return [
    ...job.pickups.map((stop, i) => named('pickup', stop, i)),
    ...job.deliveries.map((stop, i) => named('delivery', stop, i)),
  ];
}

/** The job as it is now, in one line: status, rider, last remark. */
function NowLine({ job }: { job: Job }) {
  const { t } = useLingui();
  const remark = lastRemark(job);
  const riderId = job.rider?.id;
  const remarkText = remark?.remarks;
  const remarkBy = remark?.created_by?.user_name;
  return (
    <p className={s.now}>
      <span className={s.nowLabel}>
        <Trans>Now:</Trans>
      </span>{' '}
      <StatusBadge code={job.status} /> ·{' '}
      {job.rider ? <bdi>{job.rider.name || t`Rider ${riderId}`}</bdi> : t`unassigned`}
      {remark && (
        <>
          {' '}
          {remarkBy ? (
            <Trans>
              · last remark{' '}
              <q>
                <bdi>{remarkText}</bdi>
              </q>{' '}
              by <bdi>{remarkBy}</bdi>
            </Trans>
          ) : (
            <Trans>
              · last remark{' '}
              <q>
                <bdi>{remarkText}</bdi>
              </q>
            </Trans>
          )}
        </>
      )}
    </p>
  );
}

export default function JobActionDialog({
  jobId,
  start,
  fleet,
  onClose,
  onActed,
  returnFocusTo,
}: {
  jobId: number;
  start: ActionStart;
  /** The control that opened the dialog: the focus goes back to it. */
  returnFocusTo?: HTMLElement | null;
  /** The jobs the browser holds (for the riders to offer). */
  fleet: () => Iterable<Job>;
  onClose: () => void;
  onActed?: (result: JobWithActions) => void;
}) {
  const { t } = useLingui();
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const read = useQuery(jobWithActionsQueryOptions(api, jobId));
  const [kind, setKind] = useState<JobActionName>(start.kind);
  const [status, setStatus] = useState<number | undefined>(start.status);
  const [stop, setStop] = useState<string | undefined>(start.stop && stopKey(start.stop));
  const [riderId, setRiderId] = useState<number | undefined>();
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);

  const data = read.data;
  const job = data?.job;
  const allowed = (data?.actions.allowed ?? []).filter((a): a is JobActionName => a in ACTION_LABELS);
  const stops = job ? stopsOf(job).filter((st) => st.stop.next_status.length > 0) : [];
  const chosenStop = stops.find((st) => stopKey(st.ref) === stop);
  const statusOptions =
    kind === 'status'
      ? (job?.next_status ?? [])
      : kind === 'stop_status'
        ? (chosenStop?.stop.next_status ?? [])
        : [];
  const label = (code: number) => describeStatus(config, code).label;

  const validate = (): JobAction | null => {
    const next: Errors = {};
    const remarkError = remarksProblem(remarks, kind === 'remark');
    if (remarkError) next.remarks = remarkError;
    if (
      (kind === 'status' || kind === 'stop_status') &&
      (status === undefined || !statusOptions.includes(status))
    )
      next.status = t`Choose the status to move to`;
    if (kind === 'stop_status' && !chosenStop) next.stop = t`Choose the stop`;
    if (kind === 'reassign' && riderId === undefined) next.rider = t`Choose a rider`;
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    switch (kind) {
      case 'status':
        return { kind, status: status!, remarks };
      case 'stop_status':
        return { kind, stop: chosenStop!.ref, status: status!, remarks };
      case 'reassign':
        return { kind, riderId: riderId!, remarks };
      case 'remark':
        return { kind, remarks };
      case 'cancel':
        return { kind, remarks };
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!data || sending) return;
    const action = validate();
    if (!action) return;
    if (!data.etag) {
      setFailure({
        outcome: 'failed',
        message: t`The service named no version (ETag) of this job, so the action cannot be guarded. Nothing was sent.`,
      });
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const result = await actOnJob(api, jobId, action, data.etag);
      queryClient.setQueryData(queryKeys.jobDetail(jobId), result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
      const done = doneText(action, label);
      toast({ title: t`Job ${jobId}: ${done}` });
      onActed?.(result);
      onClose();
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === 'conflict') {
        await read.refetch();
        setFailure({
          outcome,
          message: t`Changed by someone else since this dialog read it: nothing was changed. The job as it is now is shown above; check your choice and send it again.`,
        });
      } else {
        setFailure({ outcome, message: errorMessage(error) });
      }
    } finally {
      setSending(false);
    }
  };

  const actionName = t(ACTION_LABELS[kind]);
  const title = t`${actionName}: job ${jobId}`;
  let body;
  if (read.isPending) {
    body = (
      <div role="status" aria-label={t`Reading the job`}>
        <Skeleton width="60%" />
        <Skeleton height={80} />
      </div>
    );
  } else if (read.isError) {
    const problem = errorMessage(read.error);
    body = (
      <Banner tone="danger">
        <Trans>Could not read the job: {problem}</Trans>
      </Banner>
    );
  } else if (!data || !job) {
    body = (
      <Banner tone="info">
        <Trans>This service offers no job actions.</Trans>
      </Banner>
    );
  } else if (allowed.length === 0) {
    body = (
      <>
        <NowLine job={job} />
        <Banner tone="warning">{data.actions.refused ?? t`Nothing can be done to this job now.`}</Banner>
      </>
    );
  } else {
    const chosenKind = allowed.includes(kind) ? kind : allowed[0]!;
    if (chosenKind !== kind) setKind(chosenKind);
    body = (
      <form id="job-action-form" className={s.form} onSubmit={(e) => void submit(e)} noValidate>
        <NowLine job={job} />
        {failure && (
          <Banner tone={failure.outcome === 'conflict' ? 'warning' : 'danger'} role="alert">
            <strong>
              {failure.outcome === 'conflict'
                ? t`Changed by someone else.`
                : failure.outcome === 'refused'
                  ? t`Not allowed.`
                  : t`Not done.`}{' '}
            </strong>
            {failure.message}
          </Banner>
        )}
        <ActionChoice
          name="action"
          choices={allowed.map((a) => [a, t(ACTION_LABELS[a])] as const)}
          value={kind}
          onChange={(a) => {
            setKind(a);
            setStatus(undefined);
            setErrors({});
          }}
        />
        {kind === 'stop_status' && (
          <Field label={t({ message: 'Stop', context: 'a pickup or delivery' })} error={errors.stop}>
            <select
              className={inputClass}
              value={stop ?? ''}
              onChange={(e) => {
                setStop(e.target.value || undefined);
                setStatus(undefined);
              }}
            >
              <option value="">{t`Choose a stop`}</option>
              {stops.map((st) => {
                const name = st.name;
                const id = st.ref.id;
                const stopStatus = label(st.stop.status);
                return (
                  <option key={stopKey(st.ref)} value={stopKey(st.ref)}>
                    {t`${name} (#${id}): ${stopStatus}`}
                  </option>
                );
              })}
            </select>
          </Field>
        )}
        {(kind === 'status' || kind === 'stop_status') && (
          <StatusChoice
            name="status"
            codes={statusOptions}
            value={status}
            onChange={setStatus}
            error={errors.status}
            none={t`Choose a stop first.`}
          />
        )}
        {kind === 'reassign' && (
          <RiderPicker
            jobs={[job]}
            fleet={fleet}
            value={riderId}
            onChange={setRiderId}
            error={errors.rider}
          />
        )}
        {kind === 'cancel' && (
          <p className={s.consequence}>
            <Trans>The job is cancelled, and its stops still open with it.</Trans>
          </p>
        )}
        <RemarksField
          label={
            kind === 'remark' ? t`Remark` : kind === 'cancel' ? t`Reason (optional)` : t`Remark (optional)`
          }
          hint={t`Recorded in the status history with your name`}
          value={remarks}
          onChange={setRemarks}
          error={errors.remarks}
        />
      </form>
    );
  }

  return (
    <Modal
      open
      returnFocusTo={returnFocusTo}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={t`The action is taken only on the version of the job shown here.`}
      actions={
        <DialogButtons
          close={t`Close`}
          onClose={onClose}
          form="job-action-form"
          submit={data && allowed.length > 0 ? (sending ? t`Sending…` : i18n._(SUBMIT_LABELS[kind])) : null}
          danger={kind === 'cancel'}
          sending={sending}
        />
      }
    >
      {body}
    </Modal>
  );
}

const SUBMIT_LABELS = {
  status: msg`Move the job`,
  stop_status: msg`Move the stop`,
  reassign: msg`Reassign`,
  remark: msg`Add the remark`,
  cancel: msg`Cancel the job`,
};

export function doneText(action: JobAction, label: (code: number) => string): string {
  switch (action.kind) {
    case 'status': {
      const status = label(action.status);
      return i18n._(msg`moved to ${status}`);
    }
    case 'stop_status': {
      const status = label(action.status);
      const id = action.stop.id;
      return i18n._(
        action.stop.kind === 'pickup'
          ? msg`pickup ${id} moved to ${status}`
          : msg`delivery ${id} moved to ${status}`,
      );
    }
    case 'reassign':
      return i18n._(msg`rider reassigned`);
    case 'remark':
      return i18n._(msg`remark added`);
    case 'cancel':
      return i18n._(msg`cancelled`);
  }
}
