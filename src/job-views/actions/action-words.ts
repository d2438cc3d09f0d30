/** The words of the job actions: what each is called, and what it did, for the dialogs, the bulk results and the toasts. */
import type { Job, JobActionName } from '../../contract';
import { REMARKS_MAX } from '../../contract';

export const ACTION_LABELS: Record<JobActionName, string> = {
  status: 'Change status',
  stop_status: 'Change a stop’s status',
  reassign: 'Reassign rider',
  remark: 'Add a remark',
  cancel: 'Cancel job',
};

/** The problem with `remarks` for an action (`required` for a remark), or undefined. */
export function remarksProblem(remarks: string, required: boolean): string | undefined {
  const text = remarks.trim();
  if (required && text.length === 0) return 'Write a remark';
  if (text.length > REMARKS_MAX) return `Remarks are at most ${REMARKS_MAX} characters (${text.length} now)`;
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
