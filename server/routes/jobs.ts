import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANGES_CURSOR_HEADER, JobsQuery, PerPageParam, issuesToDetails } from '../../src/contract';
import { z } from '../../src/contract/zod';
import { ApiError } from '../errors';
import type { JobChanges } from '../repo/job-changes';
import type { BranchEmbed, JobRepository } from '../repo/jobs';
import { rejectOtherMethods } from './method-not-allowed';
import { CompressedPages } from '../compressed-pages';
import { Representation, negotiateCoding, sendCompressed, sendRepresentation } from '../representation';

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

/** Bytes of compressed pages kept (`CompressedPages`): some 4,000 pages of 20, or 130 of 1,000. */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export function registerJobRoutes(
  api: FastifyInstance,
  deps: {
    jobs: JobRepository;
    pageSize: number;
    changes?: JobChanges | undefined;
    /** Bytes of compressed pages kept; 0 builds every page (the bench's uncached path). */
    pageCacheBytes?: number | undefined;
  },
): void {
  const pages = new CompressedPages(deps.pageCacheBytes ?? PAGE_CACHE_BYTES);
  const headers = { 'Cache-Control': JOBS_CACHE_CONTROL };
  api.get('/jobs', async (request, reply) => {
    const extensions = deps.changes !== undefined;
    const { page, branch_embed: embed, per_page: perPage, ...filters } = readJobsQuery(request, extensions);
    // Read before the page: a change after it is then after the cursor too (seen twice at worst, never missed).
    if (deps.changes) reply.header(CHANGES_CURSOR_HEADER, deps.changes.current());
    const pageSize = perPage ?? deps.pageSize;
    const version = deps.jobs.version();
    const key = `${pageSize}|${page}|${embed}|${JSON.stringify(filters)}`;
    const coding = negotiateCoding(request);
    const kept = coding === null ? undefined : pages.get(version, key, coding);
    if (kept) return sendCompressed(request, reply, kept, JSON_TYPE, headers);
    const representation = new Representation(deps.jobs.listJson(filters, page, pageSize, embed), JSON_TYPE);
    const sent = await sendRepresentation(request, reply, representation, headers);
    if (coding !== null && representation.compressible) {
      const bytes = await representation.variant(coding);
      if (bytes !== null) pages.set(version, key, { coding, etag: representation.etagOf(coding), bytes });
    }
    return sent;
  });
  rejectOtherMethods(api, '/jobs', ['GET']);
}
