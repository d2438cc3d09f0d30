/**
 * What a sign-in may change, read from an access token's claims: the one rule the reference
 * server enforces and the dashboard shows before a save or a job action (docs/design.md,
 * decision 8). Reading jobs and branches is open to every accepted token.
 */

/** The scope that lets a sign-in save branches. */
export const WRITE_BRANCHES_SCOPE = 'branches:write';
/** The scope that lets a sign-in act on jobs (move, reassign, remark, cancel): an extension. */
export const WRITE_JOBS_SCOPE = 'jobs:write';

export interface Permissions {
  /** May save branches (PUT /v1/branches/{id}). */
  writeBranches: boolean;
  /** May act on jobs (the job actions of the reference server). */
  writeJobs: boolean;
  /**
   * The branches it may save, and whose jobs it may act on, by id (compared regardless of case,
   * as ids are); null: every branch.
   */
  branchIds: string[] | null;
}

/** The claims that carry permissions, as a JWT access token has them. */
export type AccessClaims = { scope?: unknown; scp?: unknown; branch_ids?: unknown; [claim: string]: unknown };

const words = (value: unknown): string[] =>
  typeof value === 'string'
    ? value.split(/\s+/)
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];

/**
 * `branches:write` in `scope` (RFC 9068, space-separated) or `scp` (a string as Entra ID sends
 * it, an array as Okta does) allows saves, `jobs:write` job actions; `branch_ids` limits both to
 * those branches. Absent, every branch; not a list of ids, none (a provider sending something
 * unexpected does not widen access).
 */
export function permissionsOf(claims: AccessClaims): Permissions {
  const claim = claims.branch_ids;
  const scopes = [...words(claims.scope), ...words(claims.scp)];
  return {
    writeBranches: scopes.includes(WRITE_BRANCHES_SCOPE),
    writeJobs: scopes.includes(WRITE_JOBS_SCOPE),
    branchIds: claim === undefined ? null : Array.isArray(claim) ? words(claim) : [],
  };
}

/** Whether `permissions` cover branch `id` (saving it, renaming a branch to it, acting on its jobs). */
export function coversBranch(permissions: Permissions, id: string): boolean {
  return (
    permissions.branchIds === null ||
    permissions.branchIds.some((allowed) => allowed.toLowerCase() === id.toLowerCase())
  );
}

/**
 * Whether `permissions` let a sign-in act on a job whose branches (its own, and for an action
 * on one stop, that stop's) are `branchIds`: `jobs:write`, and one of them within its limits.
 */
export function mayActOnJob(permissions: Permissions, branchIds: readonly string[]): boolean {
  return permissions.writeJobs && branchIds.some((id) => coversBranch(permissions, id));
}
