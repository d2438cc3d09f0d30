/**
 * What the signed-in person may change, as far as the dashboard can tell before it asks: read
 * from the access token's claims when it is a JWT from the identity provider (the same claims
 * the service checks: docs/design.md, "Concurrency and auth"). A token that is not a JWT (a
 * pasted API token) says nothing here: the service decides, and its 403 says why.
 */
export const WRITE_SCOPE = 'branches:write';

export type BranchAccess = { canSave: true } | { canSave: false; reason: string };

type Claims = { scope?: unknown; scp?: unknown; branch_ids?: unknown };

/** The JSON payload of a JWT, or null when `token` is not one. */
function claimsOf(token: string | null): Claims | null {
  const part = token?.split('.');
  if (part?.length !== 3) return null;
  try {
    const json = atob(part[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    return typeof claims === 'object' && claims !== null ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

const words = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(' ') : Array.isArray(value) ? value.map(String) : [];

/** Whether `token` may save branch `branchId`, and if not, why, in words for the editor. */
export function branchAccess(token: string | null, branchId: string): BranchAccess {
  const claims = claimsOf(token);
  if (!claims) return { canSave: true };
  if (![...words(claims.scope), ...words(claims.scp)].includes(WRITE_SCOPE)) {
    return {
      canSave: false,
      reason: `You can look at this branch but not change it: your sign-in does not include the ${WRITE_SCOPE} permission. An administrator can grant it.`,
    };
  }
  if (!Array.isArray(claims.branch_ids)) return { canSave: true };
  const own = claims.branch_ids.map(String);
  if (own.some((id) => id.toLowerCase() === branchId.toLowerCase())) return { canSave: true };
  return {
    canSave: false,
    reason: `You can look at this branch but not change it: your sign-in may change ${own.length ? own.join(', ') : 'no branch'} only. ${branchId} is saved by its own manager or an administrator.`,
  };
}
