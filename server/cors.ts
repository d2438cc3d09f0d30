import type { FastifyInstance } from 'fastify';
import { CHANGES_CURSOR_HEADER } from '../src/contract';

export const API_PREFIX = '/v1';

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * The API is called from browsers on other origins with Bearer tokens (no cookies), so any
 * origin may read its responses, errors included, and preflights are answered without a token.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    reply.header('Access-Control-Allow-Origin', '*');
    // A branch's (a job's) ETag is read by the dashboard on another origin, and sent back in If-Match;
    // the list's cursor of changes (an extension) starts the changes read.
    reply.header('Access-Control-Expose-Headers', `ETag, ${CHANGES_CURSOR_HEADER}`);
  });
  app.options(`${API_PREFIX}/*`, async (_request, reply) => {
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, PUT, POST, OPTIONS')
      .header(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, If-Match, If-None-Match, If-Unmodified-Since, Last-Event-ID',
      )
      .header('Access-Control-Max-Age', '600')
      .send();
  });
}
