import type { FastifyInstance } from 'fastify';
import { z } from '../../src/contract/zod';
import type { Database } from '../db';
import { ApiError } from '../errors';

export const HealthResponse = z.strictObject({ status: z.literal('ok') });
type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * `GET /healthz`, without a token, for load balancers and process managers: 200 while the
 * database answers a query, 503 when it does not (and while the server shuts down).
 */
export function registerHealthRoute(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply): Promise<HealthResponse> => {
    try {
      db.prepare('SELECT 1').pluck().get();
    } catch {
      throw new ApiError(503, 'The database is not reachable');
    }
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
}
