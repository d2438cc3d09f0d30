import { PATCH_FIELDS, sameField, type PatchField } from '../form/fields';
import type { BranchFormValues } from '../form/form-model';

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

export type Restored = {
  values: BranchFormValues;
  /** Fields the older draft changed that were also changed, differently, on the server (the draft's win). */
  overlapping: PatchField[];
  /** Fields the older draft changed that were edited again since (the newer edits win). */
  keptNewer: PatchField[];
};

/**
 * An older draft restored under newer edits: the draft's edits (made on `older.base`) go onto
 * `base`, the branch the form edits, and the form's own edits (`newer`, against `base`) go on
 * top, so that a field edited in both keeps its newer value.
 */
export function restoreUnder(
  older: { base: BranchFormValues; values: BranchFormValues },
  newer: BranchFormValues,
  base: BranchFormValues,
): Restored {
  const draft = rebase(older.base, older.values, base);
  const merged = rebase(base, newer, draft.values);
  const keptNewer = merged.overlapping;
  return {
    values: merged.values,
    overlapping: draft.overlapping.filter((f) => !keptNewer.includes(f)),
    keptNewer,
  };
}
