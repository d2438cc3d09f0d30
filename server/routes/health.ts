import type { FastifyInstance } from 'fastify';
import { z } from '../../src/contract/zod';
import type { Database } from '../db';
import { ApiError } from '../errors';
import { storageProblem } from '../storage';

export const HealthResponse = z.strictObject({ status: z.literal('ok') });
type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * `GET /healthz`, without a token, for load balancers and process managers: 200 while the
 * database answers a query and could take a change (`storageProblem`); 503 with the reason when
 * it cannot (and while the server shuts down).
 */
export function registerHealthRoute(app: FastifyInstance, db: Database, databasePath: string): void {
  app.get('/healthz', async (_request, reply): Promise<HealthResponse> => {
    reply.header('Cache-Control', 'no-store');
    let problem: string | null;
    try {
      db.prepare('SELECT 1').pluck().get();
      problem = storageProblem(db, databasePath);
    } catch {
      problem = 'The database is not reachable';
    }
    if (problem) throw new ApiError(503, problem);
    return { status: 'ok' };
  });
}
