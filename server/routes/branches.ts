import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from '../../src/contract/zod';
import { JobsQuery, UpdateBranchBody, issuesToDetails, type ErrorDetail } from '../../src/contract';
import { coversBranch } from '../../src/contract/access';
import type { Permissions } from '../auth';
import { ApiError } from '../errors';
import type { BranchRepository } from '../repo/branches';
import type { Branch } from '../repo/resources';
import { writePrecondition } from '../preconditions';
import { validatePolygon } from '../../src/geo';
import { rejectOtherMethods } from './method-not-allowed';
import { zoneLimitIssues, zonePropertyIssues, type ZonePropertyLimits } from '../zone-limits';

/** Extension list endpoint: larger pages than jobs, branches are few and small. */
export const BRANCH_PAGE_SIZE = 100;

export const BranchesQuery = z.strictObject({ page: JobsQuery.shape.page });

interface BranchParams {
  id: string;
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function notFound(id: string): ApiError {
  return new ApiError(404, `No branch with id ${JSON.stringify(id)}`);
}

/** A rename to `wanted`, an id `existing` already has (the same, or the same in another case). */
function idTaken(existing: string, wanted: string): ApiError {
  if (existing === wanted) {
    return new ApiError(409, `A branch with id ${JSON.stringify(existing)} already exists`, [
      { path: 'branch.id', message: 'This id is already taken by another branch' },
    ]);
  }
  return new ApiError(
    409,
    `A branch with id ${JSON.stringify(existing)} already exists: ids that differ only in case are the same id`,
    [
      {
        path: 'branch.id',
        message: `Taken by branch ${existing}: ids that differ only in case are the same id`,
      },
    ],
  );
}

/**
 * May this sign-in save branch `id`? Checked before the body is read: a sign-in that may not
 * save learns nothing from the checks of a body it could not save anyway. And before the
 * branch is looked up, so a 403 comes before a 404: a sign-in limited to some branches is not
 * told whether others exist. A 403 names the branch asked for, never the token's own list (a
 * claim is the provider's to show, and may be long).
 */
function forbiddenToSave(permissions: Permissions, id: string): ApiError | null {
  if (!permissions.writeBranches) {
    return new ApiError(
      403,
      'This sign-in may read branches but not change them: saving needs the branches:write permission. ' +
        'Ask an administrator or the branch’s manager.',
    );
  }
  if (!coversBranch(permissions, id)) {
    return new ApiError(
      403,
      `This sign-in may not change branch ${id}. ${id} is saved by its own manager or an administrator.`,
    );
  }
  return null;
}

/** A rename is a save under the new id too: it must be one this sign-in may save. */
function forbiddenRename(permissions: Permissions, newId: string | undefined): ApiError | null {
  if (newId === undefined || coversBranch(permissions, newId)) return null;
  return new ApiError(
    403,
    `This sign-in may not change branch ${newId}, so it cannot rename a branch to it. Nothing was changed.`,
    [{ path: 'branch.id', message: `Outside the branches this sign-in may change` }],
  );
}

/** Geometric checks the schema cannot express (self-intersection), as error details. */
function zoneGeometryIssues(body: UpdateBranchBody): ErrorDetail[] {
  const features = body.branch.delivery_zones?.features ?? [];
  return features.flatMap((feature, index) =>
    validatePolygon(feature.geometry.coordinates).map((issue) => ({
      path: `branch.delivery_zones.features.${index}.geometry.coordinates.${issue.ring}`,
      message: issue.message,
    })),
  );
}

interface ZoneLimits {
  maxBranchCorners: number;
  zoneProperties: ZonePropertyLimits;
}

function readUpdateBody(request: FastifyRequest, limits: ZoneLimits): UpdateBranchBody {
  if (!isJsonContentType(request.headers['content-type'])) {
    throw new ApiError(415, 'Send the request body as JSON with Content-Type: application/json');
  }
  const parsed = UpdateBranchBody.safeParse(request.body);
  if (!parsed.success) throw new ApiError(400, 'The branch is invalid', issuesToDetails(parsed.error.issues));
  const features = parsed.data.branch.delivery_zones?.features ?? [];
  const propertyIssues = zonePropertyIssues(features, limits.zoneProperties);
  if (propertyIssues.length > 0)
    throw new ApiError(400, 'The delivery zones’ properties are too large', propertyIssues);
  // Before the geometry checks, whose cost grows with the square of the edges on comb-like zones.
  const limitIssues = zoneLimitIssues(features, limits.maxBranchCorners);
  if (limitIssues.length > 0)
    throw new ApiError(400, 'The delivery zones are too large or too intricate to check', limitIssues);
  const geometryIssues = zoneGeometryIssues(parsed.data);
  if (geometryIssues.length > 0)
    throw new ApiError(400, 'A delivery zone is not a valid polygon', geometryIssues);
  return parsed.data;
}

export function registerBranchRoutes(
  api: FastifyInstance,
  deps: { branches: BranchRepository } & ZoneLimits,
): void {
  const { branches } = deps;

  api.get('/branches', async (request) => {
    const parsed = BranchesQuery.safeParse(request.query);
    if (!parsed.success) throw new ApiError(400, 'The page is invalid', issuesToDetails(parsed.error.issues));
    return branches.list(parsed.data.page, BRANCH_PAGE_SIZE);
  });

  // The branch's ETag names its stored version: a PUT with If-Match sends it back.
  api.get<{ Params: BranchParams }>('/branches/:id', async (request, reply): Promise<{ branch: Branch }> => {
    const found = branches.read(request.params.id);
    if (!found) throw notFound(request.params.id);
    reply.header('ETag', found.etag);
    return { branch: found.branch };
  });

  api.put<{ Params: BranchParams }>(
    '/branches/:id',
    {
      // After the token's check (the /v1 onRequest hook), before the body arrives.
      onRequest: async (request) => {
        const forbidden = forbiddenToSave(request.actor!.permissions, request.params.id);
        if (forbidden) throw forbidden;
      },
    },
    async (request, reply): Promise<{ branch: Branch }> => {
      const { id } = request.params;
      const { branch: patch } = readUpdateBody(request, deps);
      const renameForbidden = forbiddenRename(request.actor!.permissions, patch.id);
      if (renameForbidden) throw renameForbidden;
      const now = Math.floor(Date.now() / 1000);
      const result = branches.update(id, patch, request.actor!, now, writePrecondition(request.headers));
      switch (result.status) {
        case 'not_found':
          throw notFound(id);
        case 'precondition_failed':
          throw new ApiError(
            412,
            `Branch ${JSON.stringify(id)} has changed since the version this request names ` +
              '(If-Match or If-Unmodified-Since); nothing was changed. Read the branch again before saving.',
          );
        case 'conflict':
          throw idTaken(result.id, patch.id!);
        case 'updated':
          reply.header('ETag', result.etag);
          return { branch: result.branch };
      }
    },
  );

  rejectOtherMethods(api, '/branches', ['GET']);
  rejectOtherMethods(api, '/branches/:id', ['GET', 'PUT']);
}
