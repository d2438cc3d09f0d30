/**
 * Access tokens from the organisation's identity provider (OpenID Connect): signed JWTs,
 * checked against the keys the provider publishes (docs/design.md, decision 8).
 *
 * The provider is found through its discovery document, lazily: on the first JWT presented,
 * not at start-up, so the server starts (and its static tokens work) while the provider is
 * down. A failed discovery is forgotten, and the next JWT tries again.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { permissionsOf } from '../src/contract/access';
import { invalidToken, type ApiActor, type JwtCheck } from './auth';
import { ApiError } from './errors';

export interface OidcOptions {
  /** OIDC_ISSUER: the provider's issuer identifier, compared with a token's `iss` exactly. */
  issuer: string;
  /** OIDC_AUDIENCE: what the provider puts in `aud` of access tokens meant for this service. */
  audience: string;
  /**
   * Milliseconds after a fetch of the provider's keys before a token signed with a key not
   * among them (an unknown `kid`: the provider rotated its keys) fetches them again. jose's
   * default (30 s) unless given; tests set 0 rather than wait.
   */
  jwksCooldownMs?: number;
  /**
   * OIDC_MAX_TOKEN_LIFETIME: the longest a token may live, in seconds (`exp` − `iat`, or
   * `exp` − now without `iat`); DEFAULT_MAX_TOKEN_LIFETIME_SECONDS unless given.
   */
  maxLifetimeSeconds?: number;
}

/** A day: access tokens live minutes to hours; one that lives longer is refused. */
export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = 86_400;

/**
 * The `typ` header of an access token (RFC 7515 §4.1.9: compared regardless of case, with
 * `application/` optional): `JWT`, or `at+jwt` (RFC 9068). Absent is accepted, as many providers
 * send none; any other type (an ID token typed `id_token+jwt`, a logout token, a DPoP proof) is
 * a token for something else.
 */
function acceptedType(typ: unknown): boolean {
  if (typ === undefined) return true;
  if (typeof typ !== 'string') return false;
  const type = typ.toLowerCase().replace(/^application\//, '');
  return type === 'jwt' || type === 'at+jwt';
}

/**
 * How far a token's `exp` (and `nbf`) may be off this server's clock: 30 s, so that a token
 * checked the moment it expires, or a server a few seconds behind the provider, is not refused
 * for a difference of clocks rather than of validity.
 */
const CLOCK_TOLERANCE_SECONDS = 30;

/** How long the discovery document and the keys may take to arrive (jose's default for the keys). */
const FETCH_TIMEOUT_MS = 5000;

/**
 * Signatures are checked with the provider's public keys only: these algorithms. A symmetric
 * one (HS256) would need a shared secret, and `none` is never accepted by jose.
 */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const MESSAGES = {
  expired: 'The access token has expired; sign in again',
  audience: 'The access token was not issued for this service',
  issuer: 'The access token was issued by an identity provider this service does not trust',
  notYet: 'The access token is not valid yet; check that this server’s clock is right, or sign in again',
  unknownKey: 'The access token is signed with a key the identity provider does not publish; sign in again',
  invalid: 'The access token is not valid',
  type: 'The token is not an access token (its typ header is neither JWT nor at+jwt); sign in again',
  lifetime: (hours: string) =>
    `The access token lives longer than this service accepts (${hours}); ask the identity provider for shorter-lived tokens, and sign in again`,
  provider:
    'The access token could not be checked: the identity provider is not answering as expected. Try again in a moment.',
} as const;

/** The provider could not be asked (down, slow, or answering something else than it should). */
class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/** The reason of a failed fetch, without a stack: `ECONNREFUSED`, `TimeoutError: ...`. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The errors of jose's key set that come from fetching the keys (the request failed, timed out,
 * was not a 200, or not a key set), as opposed to the token's own (no key matches its `kid`).
 */
function isKeyFetchFailure(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return ['ERR_JOSE_GENERIC', 'ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID'].includes(error.code);
}

async function discover(options: OidcOptions): Promise<{ url: string; keys: JWTVerifyGetKey }> {
  // OpenID Connect Discovery §4: the issuer, without a trailing slash, then the well-known path.
  const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderUnavailable(`its discovery document ${url} could not be fetched (${reasonOf(error)})`);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new ProviderUnavailable(`its discovery document ${url} answered ${response.status}, not 200`);
  }
  let document: { issuer?: unknown; jwks_uri?: unknown };
  try {
    document = (await response.json()) as typeof document;
  } catch {
    throw new ProviderUnavailable(`its discovery document ${url} is not JSON`);
  }
  // Discovery §4.3: the document must name the issuer it was fetched for, exactly.
  if (document?.issuer !== options.issuer) {
    throw new ProviderUnavailable(
      `its discovery document ${url} names the issuer ${JSON.stringify(document?.issuer)}, not ${JSON.stringify(options.issuer)} (OIDC_ISSUER must be spelt as the provider spells it)`,
    );
  }
  const jwksUri = document.jwks_uri;
  if (typeof jwksUri !== 'string' || !/^https?:\/\//i.test(jwksUri) || !URL.canParse(jwksUri)) {
    throw new ProviderUnavailable(`its discovery document ${url} has no http(s) jwks_uri`);
  }
  return {
    url: jwksUri,
    // jose keeps the keys (10 minutes) and fetches them again for a token signed with an unknown key.
    keys: createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      ...(options.jwksCooldownMs === undefined ? {} : { cooldownDuration: options.jwksCooldownMs }),
    }),
  };
}

/** "24 hours", "90 minutes", "45 seconds". */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} ${seconds === 3600 ? 'hour' : 'hours'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function actorOf(payload: JWTPayload): ApiActor | null {
  const sub = nonEmpty(payload.sub);
  if (!sub) return null;
  return {
    user_type: 'user',
    user_id: sub,
    user_name:
      nonEmpty(payload.name) ?? nonEmpty(payload.preferred_username) ?? nonEmpty(payload.email) ?? sub,
    permissions: permissionsOf(payload),
  };
}

/**
 * jose's refusal as the client's 401. jose's own messages are not passed on: the error object
 * carries the token's claims, and a client is better told what to do than which check failed.
 */
function refusal(error: unknown, log: FastifyBaseLogger): ApiError {
  if (error instanceof ProviderUnavailable) {
    // Not the token's fault: 503, so that a client keeps its sign-in and tries again, rather
    // than a 401 that would send its user to sign in while the provider is down.
    log.warn(`Identity provider: ${error.message}`);
    return new ApiError(503, MESSAGES.provider, [], { 'Retry-After': '5' });
  }
  if (error instanceof errors.JWTExpired) return invalidToken(MESSAGES.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return invalidToken(MESSAGES.audience);
    if (error.claim === 'iss') return invalidToken(MESSAGES.issuer);
    if (error.claim === 'nbf') return invalidToken(MESSAGES.notYet);
    return invalidToken(MESSAGES.invalid);
  }
  if (error instanceof errors.JWKSNoMatchingKey) return invalidToken(MESSAGES.unknownKey);
  if (error instanceof errors.JOSEError) return invalidToken(MESSAGES.invalid);
  throw error; // not a refusal: a fault of this server, answered 500 and logged
}

/**
 * The check of an identity provider's access token: signature (a key of the provider's key set),
 * `iss` equal to the issuer, `aud` holding the audience, `exp` not past (and `nbf` reached),
 * within CLOCK_TOLERANCE_SECONDS, and a `sub`. Nothing of the token is logged or answered.
 */
export function oidcTokenCheck(options: OidcOptions): JwtCheck {
  let discovery: Promise<{ url: string; keys: JWTVerifyGetKey }> | undefined;
  const discovered = () => {
    if (!discovery) {
      const pending = discover(options);
      discovery = pending;
      // Forgotten when it fails, so the next token asks again (the provider may be back).
      pending.catch(() => {
        if (discovery === pending) discovery = undefined;
      });
    }
    return discovery;
  };
  const getKey: JWTVerifyGetKey = async (header, token) => {
    const { url, keys } = await discovered();
    try {
      return await keys(header, token);
    } catch (error) {
      if (isKeyFetchFailure(error))
        throw new ProviderUnavailable(`its keys ${url} could not be fetched (${reasonOf(error)})`);
      throw error;
    }
  };

  const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS;
  return async (token, log) => {
    let payload: JWTPayload;
    let protectedHeader: { typ?: unknown };
    try {
      ({ payload, protectedHeader } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw refusal(error, log);
    }
    if (!acceptedType(protectedHeader.typ)) throw invalidToken(MESSAGES.type);
    // exp is required above; iat, when present, is a number (jose checks its type).
    const now = Math.floor(Date.now() / 1000);
    const lifetime = payload.exp! - (typeof payload.iat === 'number' ? payload.iat : now);
    if (lifetime > maxLifetime + CLOCK_TOLERANCE_SECONDS)
      throw invalidToken(MESSAGES.lifetime(duration(maxLifetime)));
    const actor = actorOf(payload);
    if (!actor) throw invalidToken(MESSAGES.invalid);
    return actor;
  };
}
