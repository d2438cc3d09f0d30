/**
 * Where branch drafts live in localStorage, and their removal on sign-out. Apart from
 * draft.ts so that the shell's sign-out reaches it without loading the form's model.
 */
import { storedKeys, writeStored } from '../../../lib/storage';

const PREFIX = 'dispatch.branchDraft.';

/** `dispatch.branchDraft.<service, URL-encoded>/`: the drafts of one service. */
export function servicePrefix(service: string): string {
  return `${PREFIX}${encodeURIComponent(service)}/`;
}

/** `dispatch.branchDraft.<service, URL-encoded>/<branch id>` (branch ids hold no '/'). */
export function draftKey(service: string, branchId: string): string {
  return `${servicePrefix(service)}${branchId}`;
}

/** Removes the drafts of every service from this browser (an explicit sign-out; a 401 keeps them). */
export function clearAllDrafts(): void {
  for (const key of storedKeys('local', PREFIX)) writeStored('local', key, null);
}
