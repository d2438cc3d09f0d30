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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Returns an onRequest hook accepting `Authorization: Bearer <token>` for any of `tokens`.
 * Tokens are compared as SHA-256 digests with `timingSafeEqual`, against every known token,
 * so the time taken says nothing about how much of a token was right.
 */
export function bearerAuth(tokens: readonly string[]): (request: FastifyRequest) => Promise<void> {
  const known = tokens
    .filter((t) => t.length > 0)
    .map((token) => {
      const digest = sha256(token);
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
    const presented = sha256(match[1]!);
    let actor: ApiActor | null = null;
    for (const candidate of known) {
      if (timingSafeEqual(candidate.digest, presented)) actor = candidate.actor;
    }
    if (!actor) throw new ApiError(401, 'The access token is not valid');
    request.actor = actor;
  };
}
