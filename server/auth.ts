import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface ApiActor {
  user_type: 'api';
  user_id: string;
  user_name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client behind the Bearer token; set by the authentication hook on /v1 routes. */
    actor: ApiActor | null;
  }
}

/** SHA-256 of a token: all the server keeps of a known token, and the form a presented one is compared in. */
export const tokenDigest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/**
 * Constant-time check of a presented token against a known token's digest. Both sides are
 * 32-byte SHA-256 digests, so `timingSafeEqual` (which throws on different lengths) always
 * applies, and the time taken says nothing about the known token's length or prefix.
 */
export function tokenMatches(presented: string, knownDigest: Buffer): boolean {
  return timingSafeEqual(tokenDigest(presented), knownDigest);
}

/**
 * Returns an onRequest hook accepting `Authorization: Bearer <token>` for any of `tokens`.
 * Tokens are compared as SHA-256 digests with `timingSafeEqual` (`tokenMatches`), against every
 * known token, so the time taken says nothing about how much of a token was right.
 */
export function bearerAuth(tokens: readonly string[]): (request: FastifyRequest) => Promise<void> {
  const known = tokens
    .filter((t) => t.length > 0)
    .map((token) => {
      const digest = tokenDigest(token);
      return {
        digest,
        actor: {
          user_type: 'api',
          user_id: `token-${digest.toString('hex').slice(0, 8)}`,
          user_name: 'API client',
        } as const,
      };
    });

  return async (request) => {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new ApiError(401, 'Send an access token in the Authorization header: Bearer <token>');
    let actor: ApiActor | null = null;
    // Every known token is compared (no early exit), so the time does not say which one matched.
    for (const candidate of known) {
      if (tokenMatches(match[1]!, candidate.digest)) actor = candidate.actor;
    }
    if (!actor) throw new ApiError(401, 'The access token is not valid');
    request.actor = actor;
  };
}
