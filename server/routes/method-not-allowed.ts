import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

const METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'] as const;

/** Answers 405 (with `Allow`) to the other methods on a known path, before any body is read. */
export function rejectOtherMethods(
  app: FastifyInstance,
  url: string,
  allowed: readonly (typeof METHODS)[number][],
): void {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  app.route({
    method: METHODS.filter((method) => !allowed.includes(method)),
    url,
    onRequest: async (request) => {
      throw new ApiError(405, `${request.method} is not allowed here; use ${allowed.join(' or ')}`, [], {
        Allow: allow,
      });
    },
    handler: async () => undefined,
  });
}
