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

/** `…/<branch id>/`: the drafts of one branch, one per tab (branch ids hold no '/'). */
export function branchPrefix(service: string, branchId: string): string {
  return `${servicePrefix(service)}${branchId}/`;
}

/** `dispatch.branchDraft.<service, URL-encoded>/<branch id>/<tab id>`: one tab's draft of a branch. */
export function draftKey(service: string, branchId: string, tab: string): string {
  return `${branchPrefix(service, branchId)}${tab}`;
}

/** Where a draft was kept before drafts were kept per tab: read as a draft of a tab now closed. */
export function untabbedDraftKey(service: string, branchId: string): string {
  return `${servicePrefix(service)}${branchId}`;
}

/** Removes the drafts of every service from this browser (an explicit sign-out; a 401 keeps them). */
export function clearAllDrafts(): void {
  for (const key of storedKeys('local', PREFIX)) writeStored('local', key, null);
}
