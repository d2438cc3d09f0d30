/**
 * What a sign-in may change, read from an access token's claims: the one rule the reference
 * server enforces and the dashboard shows before a save (docs/design.md, decision 8). Reading
 * jobs and branches is open to every accepted token.
 */

/** The scope that lets a sign-in save branches. */
export const WRITE_BRANCHES_SCOPE = 'branches:write';

export interface Permissions {
  /** May save branches (PUT /v1/branches/{id}). */
  writeBranches: boolean;
  /** The branches it may save, by id (compared regardless of case, as ids are); null: every branch. */
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
 * it, an array as Okta does) allows saves; `branch_ids` limits them to those branches. Absent,
 * every branch; not a list of ids, none (a provider sending something unexpected does not
 * widen access).
 */
export function permissionsOf(claims: AccessClaims): Permissions {
  const claim = claims.branch_ids;
  return {
    writeBranches: [...words(claims.scope), ...words(claims.scp)].includes(WRITE_BRANCHES_SCOPE),
    branchIds: claim === undefined ? null : Array.isArray(claim) ? words(claim) : [],
  };
}

/** Whether `permissions` cover branch `id` (saving it, or renaming a branch to it). */
export function coversBranch(permissions: Permissions, id: string): boolean {
  return (
    permissions.branchIds === null ||
    permissions.branchIds.some((allowed) => allowed.toLowerCase() === id.toLowerCase())
  );
}
