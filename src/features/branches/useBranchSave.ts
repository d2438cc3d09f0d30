import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Branch, type BranchPatch } from '../../contract';
import { fetchBranch, queryKeys, updateBranch, useApi } from '../../api';
import { BranchGoneError } from './save-errors';

export type SaveVariables = {
  patch: BranchPatch;
  /** Skip the "changed on the server?" check (the manager chose to overwrite). */
  overwrite?: boolean;
};

export type SaveOutcome =
  | { status: 'conflict'; fresh: Branch }
  | { status: 'saved'; oldId: string; newId: string; saved: Branch; exact: boolean };

/** The loaded branch with a patch applied: a stand-in when the saved branch cannot be read. */
function applyPatch(loaded: Branch, patch: BranchPatch, newId: string): Branch {
  return {
    ...loaded,
    ...patch,
    id: newId,
    delivery_zones: patch.delivery_zones ?? loaded.delivery_zones,
    contacts: patch.contacts ?? loaded.contacts,
    coordinates: patch.coordinates ?? loaded.coordinates,
  };
}

/**
 * Saving a branch: conflict check (re-read the branch; stop if `updated_at` moved) -> PUT of
 * the changed fields -> the saved branch: the PUT's answer when it holds a whole Branch (the
 * reference server's does; the interface only promises its id), otherwise read again -> caches:
 * the branch under its (new) id, branch lists and every jobs query (jobs embed the branch)
 * invalidated. The rename navigation is the caller's, since it belongs to the screen.
 */
export function useBranchSave(loaded: Branch) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, overwrite }: SaveVariables): Promise<SaveOutcome> => {
      if (!overwrite) {
        const fresh = await fetchBranch(api, loaded.id);
        if (!fresh) throw new BranchGoneError(loaded.id);
        if (fresh.updated_at !== loaded.updated_at) return { status: 'conflict', fresh };
      }
      const response = await updateBranch(api, loaded.id, patch);
      const newId = response.branch.id || patch.id || loaded.id;
      const answered = Branch.safeParse(response.branch);
      const saved = answered.success ? answered.data : await fetchBranch(api, newId).catch(() => null);
      return saved
        ? { status: 'saved', oldId: loaded.id, newId, saved, exact: true }
        : { status: 'saved', oldId: loaded.id, newId, saved: applyPatch(loaded, patch, newId), exact: false };
    },
    onSuccess: (outcome) => {
      if (outcome.status !== 'saved') return;
      queryClient.setQueryData(queryKeys.branch(outcome.newId), outcome.saved);
      if (!outcome.exact) void queryClient.invalidateQueries({ queryKey: queryKeys.branch(outcome.newId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.branchList() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
    },
  });
}
