import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Permissions } from '../src/contract/access';
import { ApiError } from './errors';

export type { Permissions };

/** A token without limits: what every token could do before limits existed. */
export const EVERY_PERMISSION: Readonly<Permissions> = {
  writeBranches: true,
  writeJobs: true,
  branchIds: null,
};

export interface ApiActor {
  /** 'api': a token of API_TOKENS; 'user': a person signed in through the identity provider. */
  user_type: 'api' | 'user';
  user_id: string;
  user_name: string;
  permissions: Permissions;
}

/** A token of API_TOKENS and what it may change (server/config.ts reads the limits). */
export interface ApiToken {
  token: string;
  permissions: Permissions;
}

/** Checks an access token from the identity provider; throws a 401 ApiError when it is refused. */
export type JwtCheck = (token: string, log: FastifyBaseLogger) => Promise<ApiActor>;

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

/** Three base64url parts separated by dots: the compact form of a signed JWT (RFC 7519). */
export const looksLikeJwt = (token: string): boolean =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);

/**
 * A 401 for a token that was presented and refused. RFC 6750 §3.1: `error="invalid_token"`
 * tells the client to get a new token; a request with no token at all gets the bare `Bearer`
 * challenge (errors.ts's default).
 */
export function invalidToken(message: string): ApiError {
  return new ApiError(401, message, [], { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/**
 * Returns an onRequest hook accepting `Authorization: Bearer <token>` for any of `tokens` (a
 * bare string can do everything), and, with `jwt`, for an access token of the identity
 * provider. Tokens are compared as SHA-256 digests with `timingSafeEqual` (`tokenMatches`),
 * against every known token, so the time taken says nothing about how much of a token was right.
 *
 * The known tokens are compared first, whatever the shape of the presented one: a JWT never
 * matches one, and a static token that happens to hold two dots (the b64token syntax allows
 * them) still works beside the identity provider. Only a token that matches none and has the
 * shape of a JWT goes on to `jwt`.
 */
export function bearerAuth(
  tokens: readonly (string | ApiToken)[],
  options: { jwt?: JwtCheck } = {},
): (request: FastifyRequest) => Promise<void> {
  const known = tokens
    .map((entry) => (typeof entry === 'string' ? { token: entry, permissions: EVERY_PERMISSION } : entry))
    .filter(({ token }) => token.length > 0)
    .map(({ token, permissions }) => {
      const digest = tokenDigest(token);
      const actor: ApiActor = {
        user_type: 'api',
        user_id: `token-${digest.toString('hex').slice(0, 8)}`,
        user_name: 'API client',
        permissions: {
          writeBranches: permissions.writeBranches,
          writeJobs: permissions.writeJobs,
          branchIds: permissions.branchIds,
        },
      };
      return { digest, actor };
    });

  return async (request) => {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new ApiError(401, 'Send an access token in the Authorization header: Bearer <token>');
    const presented = match[1]!;
    let actor: ApiActor | null = null;
    // Every known token is compared (no early exit), so the time does not say which one matched.
    for (const candidate of known) {
      if (tokenMatches(presented, candidate.digest)) actor = candidate.actor;
    }
    if (!actor && options.jwt && looksLikeJwt(presented)) actor = await options.jwt(presented, request.log);
    if (!actor) throw invalidToken('The access token is not valid');
    request.actor = actor;
  };
}
