/** The words of the job actions: what each is called, and what it did, for the dialogs, the bulk results and the toasts. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Job, JobActionName } from '../../contract';
import { REMARKS_MAX } from '../../contract';
import { i18n } from '../../i18n';

/** Each action's name (read with `i18n._` or `t()` where it is shown). */
export const ACTION_LABELS: Record<JobActionName, MessageDescriptor> = {
  status: msg`Change status`,
  stop_status: msg`Change a stop’s status`,
  reassign: msg`Reassign rider`,
  remark: msg`Add a remark`,
  cancel: msg`Cancel job`,
};

/** The problem with `remarks` for an action (`required` for a remark), or undefined. */
export function remarksProblem(remarks: string, required: boolean): string | undefined {
  const text = remarks.trim();
  if (required && text.length === 0) return i18n._(msg`Write a remark`);
  const max = REMARKS_MAX;
  const length = text.length;
  if (length > max) return i18n._(msg`Remarks are at most ${max} characters (${length} now)`);
  return undefined;
}

/** The statuses every one of `jobs` offers next, in the first job's order. */
export function commonNextStatuses(jobs: readonly Job[]): number[] {
  const [first, ...rest] = jobs;
  if (!first) return [];
  return first.next_status.filter(
    (code, i, all) => all.indexOf(code) === i && rest.every((j) => j.next_status.includes(code)),
  );
}
