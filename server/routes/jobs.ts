import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JobsQuery, issuesToDetails } from '../../src/contract';
import { ApiError } from '../errors';
import type { BranchEmbed, JobRepository } from '../repo/jobs';
import { rejectOtherMethods } from './method-not-allowed';
import { sendBytes } from '../send-bytes';

const isAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function withoutAbsent(source: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => !isAbsent(value)));
}

/**
 * Filters come from the query string or a JSON body (docs/design.md, decision 1); the query
 * string wins on conflict, and empty values count as absent.
 */
export function readJobsQuery(request: FastifyRequest): JobsQuery & { branch_embed: BranchEmbed } {
  const { body } = request;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw new ApiError(400, 'The request body must be a JSON object of filters');
  }
  // `branch_embed` is this server's extension, not a filter: query string only.
  const { branch_embed: embed = 'full', ...query } = withoutAbsent(request.query as object);
  if (embed !== 'full' && embed !== 'summary') {
    throw new ApiError(400, 'The filters are invalid', [
      { path: 'branch_embed', message: 'Expected "full" or "summary"' },
    ]);
  }
  const input = { ...withoutAbsent(body ?? {}), ...query };
  const parsed = JobsQuery.safeParse(input);
  if (!parsed.success)
    throw new ApiError(400, 'The filters are invalid', issuesToDetails(parsed.error.issues));
  return { ...parsed.data, branch_embed: embed };
}

export function registerJobRoutes(
  api: FastifyInstance,
  deps: { jobs: JobRepository; pageSize: number },
): void {
  api.get('/jobs', async (request, reply) => {
    const { page, branch_embed: embed, ...filters } = readJobsQuery(request);
    return sendBytes(reply.type('application/json; charset=utf-8'), deps.jobs.listJson(filters, page, deps.pageSize, embed));
  });
  rejectOtherMethods(api, '/jobs', ['GET']);
}
