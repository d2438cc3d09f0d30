/**
 * What the signed-in person may change, as far as the dashboard can tell before it asks: read
 * from the access token's claims when it is a JWT from the identity provider (the same claims
 * the service checks, by the same rule: src/contract/access.ts). A token that is not a JWT (a
 * pasted API token) says nothing here: the service decides, and its 403 says why.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { coversBranch, permissionsOf, WRITE_BRANCHES_SCOPE, type AccessClaims } from '../contract/access';

export type BranchAccess = { canSave: true } | { canSave: false; reason: string };

/** The JSON payload of a JWT, or null when `token` is not one. */
export function claimsOf(token: string | null): AccessClaims | null {
  const part = token?.split('.');
  if (part?.length !== 3) return null;
  try {
    const json = atob(part[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    return typeof claims === 'object' && claims !== null ? (claims as AccessClaims) : null;
  } catch {
    return null;
  }
}

/** Whether `token` may save branch `branchId`, and if not, why, in words for the editor. */
export function branchAccess(token: string | null, branchId: string): BranchAccess {
  const claims = claimsOf(token);
  if (!claims) return { canSave: true };
  const permissions = permissionsOf(claims);
  if (!permissions.writeBranches) {
    const permission = WRITE_BRANCHES_SCOPE;
    return {
      canSave: false,
      reason: i18n._(
        msg`You can look at this branch but not change it: your sign-in does not include the ${permission} permission. An administrator can grant it.`,
      ),
    };
  }
  if (coversBranch(permissions, branchId)) return { canSave: true };
  const own = permissions.branchIds ?? [];
  const branches = own.join(', ');
  return {
    canSave: false,
    reason: own.length
      ? i18n._(
          msg`You can look at this branch but not change it: your sign-in may change ${branches} only. ${branchId} is saved by its own manager or an administrator.`,
        )
      : i18n._(
          msg`You can look at this branch but not change it: your sign-in may change no branch. ${branchId} is saved by its own manager or an administrator.`,
        ),
  };
}

/**
 * Which branches `token` may save, as its claims tell (for the branch list's marks and filter);
 * null when it says nothing (a token that is not a JWT: every branch is editable as far as the
 * dashboard knows, and the service decides).
 */
export function editableBranches(token: string | null): ((branchId: string) => boolean) | null {
  const claims = claimsOf(token);
  if (!claims) return null;
  const permissions = permissionsOf(claims);
  return (branchId) => permissions.writeBranches && coversBranch(permissions, branchId);
}
