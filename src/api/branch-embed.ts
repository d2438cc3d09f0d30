/**
 * `branch_embed=summary`, an extension of the reference server: stops embed their branch
 * without its zones and contacts, which the jobs screens never show (a 1,000-job page drops
 * from 11.6 MB to 6.1). A service that ignores the parameter sends whole branches, which the
 * contract reads the same way (`StopBranch` drops both); one that refuses it with a 400 is asked
 * again without it (src/api/endpoints.ts), and not asked with it again in this tab.
 *
 * Part of the entry chunk (src/app/early-start.ts builds the same URL): it imports only the
 * storage helper, which imports nothing. Without storage (Node, a locked-down browser) the
 * parameter is always asked for, and a refusal costs one request per page load.
 */
import { readStored, writeStored } from '../lib/storage';

const SUMMARY = { branch_embed: 'summary' } as const;

const refusedKey = (apiBase: string) => `dispatch.branchSummaryRefused:${apiBase}`;

/** The extension's query parameter, or nothing when this service refused it before. */
export function branchSummaryQuery(apiBase: string): { branch_embed?: 'summary' } {
  return readStored('session', refusedKey(apiBase)) === null ? SUMMARY : {};
}

export function rememberBranchSummaryRefused(apiBase: string): void {
  writeStored('session', refusedKey(apiBase), '1');
}
