import { PATCH_FIELDS, sameField, type PatchField } from './fields';
import type { BranchFormValues } from './form-model';

export type Rebased = {
  values: BranchFormValues;
  /** Fields the manager changed that were also changed, differently, on the server. */
  overlapping: PatchField[];
  /** Fields the manager changed (kept from `mine`). */
  kept: PatchField[];
};

/**
 * Re-applies the manager's edits onto a newer version of the branch (a draft restored, a
 * reload after a conflict): a three-way merge by top-level field. For every field the manager
 * changed (`mine` against `base`) their value wins; every other field takes the server's
 * current value (`theirs`).
 */
export function rebase(base: BranchFormValues, mine: BranchFormValues, theirs: BranchFormValues): Rebased {
  const values = { ...theirs };
  const overlapping: PatchField[] = [];
  const kept: PatchField[] = [];
  for (const field of PATCH_FIELDS) {
    if (sameField(field, base, mine)) continue;
    kept.push(field);
    Object.assign(values, { [field]: mine[field] });
    if (!sameField(field, base, theirs) && !sameField(field, mine, theirs)) overlapping.push(field);
  }
  return { values, overlapping, kept };
}
