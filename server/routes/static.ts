import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../cors';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "worker-src 'self' blob:",
  "connect-src 'self' https:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const INDEX = 'index.html';

/**
 * Serves the built dashboard from `root` at `/`, without a token. Returns the SPA fallback
 * for the not-found handler: any other GET outside /v1 gets index.html, so client routes
 * such as /jobs or /branches/LDN-01 load the app.
 */
export function registerStatic(
  app: FastifyInstance,
  root: string,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined {
  app.register(fastifyStatic, {
    root: resolve(root),
    index: INDEX,
    setHeaders(reply, path) {
      if (path.endsWith('.html')) {
        reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
        reply.header('Cache-Control', 'no-cache');
      } else if (path.includes(`${sep}assets${sep}`)) {
        // Vite puts content-hashed files under assets/: they never change.
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });

  return (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url)) return undefined;
    return reply.sendFile(INDEX);
  };
}
