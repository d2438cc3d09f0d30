import { BranchPatch, issuesToDetails, type ErrorDetail } from '../../../contract';
import { FIELDS, changedFields } from '../form/fields';
import type { BranchFormValues } from '../form/form-model';

export type PutBody = { ok: true; patch: BranchPatch } | { ok: false; details: ErrorDetail[] };

/**
 * The `branch` object of the PUT: only the fields that differ from `base` (the branch as
 * loaded, in form values), each as the field table puts it in the body; `{}` when nothing
 * changed. Checked against the contract before anything is sent: a body the service would
 * refuse gives its problems instead, with paths as the service would name them (`branch.name`).
 */
export function putBody(base: BranchFormValues, values: BranchFormValues): PutBody {
  const body = Object.fromEntries(changedFields(base, values).map((f) => [f, FIELDS[f].body(values)]));
  const check = BranchPatch.safeParse(body);
  return check.success
    ? { ok: true, patch: check.data }
    : { ok: false, details: issuesToDetails(check.error.issues, ['branch']) };
}
