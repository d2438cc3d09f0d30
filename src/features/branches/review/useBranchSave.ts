import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Branch, type BranchPatch } from '../../../contract';
import { etagOf, fetchBranch, isApiError, queryKeys, updateBranch, useApi } from '../../../api';
import { BranchGoneError } from './save-errors';

export type SaveVariables = {
  patch: BranchPatch;
  /** Save without the "changed on the server?" check (the manager chose to overwrite). */
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
    etag: undefined, // the loaded version's, not the saved one's
    delivery_zones: patch.delivery_zones ?? loaded.delivery_zones,
    contacts: patch.contacts ?? loaded.contacts,
    coordinates: patch.coordinates ?? loaded.coordinates,
  };
}

/**
 * Saving a branch: PUT of the changed fields on the condition that the branch is still the
 * version loaded -> the saved branch: the PUT's answer when it holds a whole Branch (the
 * reference server's does; the interface only promises its id), otherwise read again -> caches:
 * the branch under its (new) id, branch lists and every jobs query (jobs embed the branch)
 * invalidated. The rename navigation is the caller's, since it belongs to the screen.
 *
 * The condition: with the loaded version's ETag, If-Match, which the service checks as it
 * writes; a 412 reads the branch as it now is for the conflict dialog. Without one (a service
 * that gives no ETag), the branch is read again just before the PUT and the save stops if its
 * `updated_at` moved: a save landing between that read and the PUT is still overwritten
 * (docs/design.md, "Concurrent saves").
 */
export function useBranchSave(loaded: Branch) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, overwrite }: SaveVariables): Promise<SaveOutcome> => {
      /** The branch as the service now holds it. */
      const current = async () => {
        const fresh = await fetchBranch(api, loaded.id);
        if (!fresh) throw new BranchGoneError(loaded.id);
        return fresh;
      };
      let ifMatch = overwrite ? undefined : etagOf(loaded);
      if (!overwrite && !ifMatch) {
        const fresh = await current();
        if (fresh.updated_at !== loaded.updated_at) return { status: 'conflict', fresh };
        ifMatch = etagOf(fresh); // a service that names versions when read: closes the gap
      }
      let response;
      try {
        response = await updateBranch(api, loaded.id, patch, { ifMatch });
      } catch (e) {
        if (ifMatch && isApiError(e) && e.status === 412)
          return { status: 'conflict', fresh: await current() };
        throw e;
      }
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
