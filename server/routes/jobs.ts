import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANGES_CURSOR_HEADER, JobsQuery, PerPageParam, issuesToDetails } from '../../src/contract';
import { z } from '../../src/contract/zod';
import { ApiError } from '../errors';
import type { JobChanges } from '../repo/job-changes';
import type { BranchEmbed, JobRepository } from '../repo/jobs';
import { rejectOtherMethods } from './method-not-allowed';
import { Representation, sendRepresentation } from '../representation';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A page may change with any write, so a client keeps it but asks again each time (`no-cache`),
 * and the ETag turns an unchanged page into a 304. `private`: it was fetched with a token.
 */
const JOBS_CACHE_CONTROL = 'private, no-cache';

/** How stops embed their branch (`BranchEmbed`): an extension of this server, `full` by default. */
export const BranchEmbedParam = z._default(
  z.enum(['full', 'summary'], { error: 'Expected "full" or "summary"' }),
  'full',
);

const isAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function withoutAbsent(source: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => !isAbsent(value)));
}

/**
 * Filters come from the query string or a JSON body (docs/design.md, decision 1); the query
 * string wins on conflict, and empty values count as absent.
 */
export function readJobsQuery(
  request: FastifyRequest,
  extensions = false,
): JobsQuery & { branch_embed: BranchEmbed; per_page?: number } {
  const { body } = request;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw new ApiError(400, 'The request body must be a JSON object of filters');
  }
  // `branch_embed` is this server's extension, not a filter: query string only. So is
  // `per_page`, part of the extension for scale: without it, an unknown parameter (400).
  const { branch_embed: rawEmbed, ...params } = withoutAbsent(request.query as object);
  const { per_page: rawPerPage, ...others } = params;
  const query = extensions ? others : params;
  const embed = BranchEmbedParam.safeParse(rawEmbed);
  if (!embed.success) {
    throw new ApiError(400, 'The filters are invalid', issuesToDetails(embed.error.issues, ['branch_embed']));
  }
  const perPage = PerPageParam.safeParse(extensions ? rawPerPage : undefined);
  if (!perPage.success) {
    throw new ApiError(400, 'The filters are invalid', issuesToDetails(perPage.error.issues, ['per_page']));
  }
  const input = { ...withoutAbsent(body ?? {}), ...query };
  const parsed = JobsQuery.safeParse(input);
  if (!parsed.success)
    throw new ApiError(400, 'The filters are invalid', issuesToDetails(parsed.error.issues));
  return { ...parsed.data, branch_embed: embed.data, per_page: perPage.data };
}

export function registerJobRoutes(
  api: FastifyInstance,
  deps: { jobs: JobRepository; pageSize: number; changes?: JobChanges | undefined },
): void {
  /**
   * The repository keeps serialised pages until the data changes; each page's ETag and
   * compressed forms live as long as its bytes do.
   */
  const representations = new WeakMap<Buffer, Representation>();
  api.get('/jobs', async (request, reply) => {
    const extensions = deps.changes !== undefined;
    const { page, branch_embed: embed, per_page: perPage, ...filters } = readJobsQuery(request, extensions);
    // Read before the page: a change after it is then after the cursor too (seen twice at worst, never missed).
    if (deps.changes) reply.header(CHANGES_CURSOR_HEADER, deps.changes.current());
    const json = deps.jobs.listJson(filters, page, perPage ?? deps.pageSize, embed);
    let representation = representations.get(json);
    if (representation === undefined) {
      representation = new Representation(json, JSON_TYPE);
      representations.set(json, representation);
    }
    return sendRepresentation(request, reply, representation, { 'Cache-Control': JOBS_CACHE_CONTROL });
  });
  rejectOtherMethods(api, '/jobs', ['GET']);
}
