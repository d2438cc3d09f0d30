import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BRANCH_ID_PATTERN } from '../src/contract';
import { CONNECTION_LIMITS, type ConnectionLimits } from './app';
import type { ApiToken, Permissions } from './auth';
import { MEMORY } from './db';
import { DEFAULT_MAX_TOKEN_LIFETIME_SECONDS, type OidcOptions } from './oidc-tokens';
import { MAX_BRANCH_CORNERS, ZONE_PROPERTY_LIMITS, type ZonePropertyLimits } from './zone-limits';

export const DEFAULT_DATABASE_PATH = 'data/dispatch.db';

/** The development token's file, beside the database (data/ is not committed). */
export const DEV_TOKEN_FILE = 'dev-token';

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  /** API_TOKENS with their limits, or the development token made up when none were given. */
  tokens: ApiToken[];
  /** True when no API_TOKENS were given and a development token was made up. */
  tokenGenerated: boolean;
  /**
   * Where the development token is kept across restarts (`dev-token` beside the database);
   * null when it is not: tokens were given, or the database is in memory (`keptDevToken`).
   */
  devTokenFile: string | null;
  /** OIDC_ISSUER and OIDC_AUDIENCE: access tokens of the identity provider are accepted too; null: not. */
  oidc: Pick<OidcOptions, 'issuer' | 'audience' | 'maxLifetimeSeconds'> | null;
  pageSize: number;
  /**
   * Jobs seeded into an empty database; null: an empty database stays empty (production,
   * unless SEED_JOBS is set on purpose).
   */
  seedJobs: number | null;
  seed: number;
  staticDir: string | undefined;
  production: boolean;
  /** SIMULATE=1: the operation runs forward while the server runs (server/simulate.ts); development only. */
  simulate: boolean;
  /** The most corners one branch's zones may have (server/zone-limits.ts). */
  maxBranchCorners: number;
  /** EXTENSIONS=off turns the optional extension for scale off (server/routes/extensions.ts); on by default. */
  extensions: boolean;
  /** LOG_FILE: the request log goes to this file (written afresh at each start); null: to stdout. */
  logFile: string | null;
  /** MAX_ZONE_PROPERTIES_BYTES and MAX_BRANCH_ZONE_PROPERTIES_BYTES (server/zone-limits.ts). */
  zoneProperties: ZonePropertyLimits;
  /** HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS and MAX_CONNECTIONS (server/app.ts). */
  connections: ConnectionLimits;
}

/** A configuration the server refuses to start with; the message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/**
 * The characters of a Bearer token (RFC 6750 §2.1, b64token): never a space, a comma or `|`,
 * which is what lets API_TOKENS put limits after a token and list the branches of one.
 */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

const LIMITS_ACCEPTED = 'read-only, branches=ID|ID|…';

/**
 * API_TOKENS: comma-separated entries, each a token optionally followed by space-separated
 * limits: `read-only` (reads, saves no branch and acts on no job) and `branches=ID|ID|…` (saves
 * those branches, and acts on their jobs, only). An entry without limits can do everything. Messages name an entry by its position,
 * never by its token.
 */
export function parseApiTokens(raw: string): ApiToken[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const position = index + 1;
    const [token = '', ...words] = entry.split(/\s+/);
    // A limit where a token should be (a comma too many: "admin-token,read-only") would
    // otherwise be a token anyone could guess, with every permission.
    if (isLimit(token)) {
      throw new ConfigError(
        `API_TOKENS entry ${position} is the limit ${JSON.stringify(token)} without a token before it: limits follow their token after a space, in the same entry`,
      );
    }
    if (!B64TOKEN.test(token)) {
      throw new ConfigError(
        `API_TOKENS entry ${position}: a token may hold only letters, digits and - . _ ~ + / (and = at its end), as a Bearer token must (RFC 6750); this one has another character (the token is not shown)`,
      );
    }
    const earlier = seen.get(token);
    if (earlier !== undefined) {
      throw new ConfigError(
        `API_TOKENS entries ${earlier} and ${position} are the same token: list it once, with its limits`,
      );
    }
    seen.set(token, position);
    return { token, permissions: limitsOf(words, position) };
  });
}

const isLimit = (word: string) => /^(read-only$|branches=)/i.test(word);

function limitsOf(words: readonly string[], position: number): Permissions {
  let readOnly = false;
  let branchIds: string[] | null = null;
  for (const word of words) {
    const lower = word.toLowerCase();
    if (lower === 'read-only') {
      if (readOnly) throw new ConfigError(`API_TOKENS entry ${position}: read-only is given twice`);
      readOnly = true;
    } else if (lower.startsWith('branches=')) {
      if (branchIds)
        throw new ConfigError(
          `API_TOKENS entry ${position}: branches= is given twice; list every id in one, separated by |`,
        );
      branchIds = word.slice('branches='.length).split('|');
      const wrong = branchIds.find((id) => !BRANCH_ID_PATTERN.test(id));
      if (wrong !== undefined) {
        throw new ConfigError(
          wrong === ''
            ? `API_TOKENS entry ${position}: branches= needs branch ids separated by | (as in branches=LEE-01|LEE-02), with none empty`
            : `API_TOKENS entry ${position}: branches= lists ${JSON.stringify(wrong)}, which is not a branch id (1-64 letters, digits, dots, dashes or underscores)`,
        );
      }
    } else {
      // A word that does not look like a limit may be the rest of a token written with a
      // space in it: it is not shown.
      const shown = /^[A-Za-z][A-Za-z-]{0,23}(=[^=]*)?$/.test(word)
        ? ` ${JSON.stringify(word)}`
        : ' (not shown: it may be part of a token)';
      throw new ConfigError(
        `API_TOKENS entry ${position}: unknown limit${shown}; the limits are ${LIMITS_ACCEPTED} (tokens hold no spaces)`,
      );
    }
  }
  if (readOnly && branchIds) {
    throw new ConfigError(
      `API_TOKENS entry ${position}: read-only and branches= together say two things; a read-only token saves no branch, so give one of them`,
    );
  }
  return { writeBranches: !readOnly, writeJobs: !readOnly, branchIds };
}

/** OIDC_ISSUER and OIDC_AUDIENCE: both, or neither. */
function readOidc(env: NodeJS.ProcessEnv): ServerConfig['oidc'] {
  const issuer = env.OIDC_ISSUER?.trim() ?? '';
  const audience = env.OIDC_AUDIENCE?.trim() ?? '';
  if (!issuer) {
    if (audience) {
      throw new ConfigError(
        'OIDC_AUDIENCE is set but OIDC_ISSUER is not: set both to accept sign-ins from the identity provider, or neither',
      );
    }
    return null;
  }
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new ConfigError(
      `OIDC_ISSUER must be the identity provider's issuer URL, http(s) without a query or fragment (as in https://idp.example/realms/dispatch), got ${JSON.stringify(issuer)}`,
    );
  }
  if (!audience) {
    throw new ConfigError(
      'OIDC_AUDIENCE is empty: with OIDC_ISSUER set, name the audience the identity provider puts in access tokens for this service (their aud claim)',
    );
  }
  const maxLifetimeSeconds = integer(
    env,
    'OIDC_MAX_TOKEN_LIFETIME',
    DEFAULT_MAX_TOKEN_LIFETIME_SECONDS,
    60,
    31 * DEFAULT_MAX_TOKEN_LIFETIME_SECONDS,
  );
  return { issuer, audience, maxLifetimeSeconds };
}

function connectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const headers = integer(env, 'HEADERS_TIMEOUT_SECONDS', CONNECTION_LIMITS.headersTimeoutMs / 1000, 1, 3600);
  const request = integer(env, 'REQUEST_TIMEOUT_SECONDS', CONNECTION_LIMITS.requestTimeoutMs / 1000, 1, 3600);
  if (request < headers) {
    throw new ConfigError(
      `REQUEST_TIMEOUT_SECONDS (${request}) is less than HEADERS_TIMEOUT_SECONDS (${headers}): a request's headers come within the whole request`,
    );
  }
  return {
    headersTimeoutMs: headers * 1000,
    requestTimeoutMs: request * 1000,
    maxConnections: integer(env, 'MAX_CONNECTIONS', CONNECTION_LIMITS.maxConnections, 10, 1_000_000),
  };
}

function zonePropertyLimits(env: NodeJS.ProcessEnv): ZonePropertyLimits {
  const perZone = integer(env, 'MAX_ZONE_PROPERTIES_BYTES', ZONE_PROPERTY_LIMITS.perZone, 2, 1_048_576);
  const perBranch = integer(
    env,
    'MAX_BRANCH_ZONE_PROPERTIES_BYTES',
    Math.max(ZONE_PROPERTY_LIMITS.perBranch, perZone),
    2,
    1_048_576,
  );
  if (perBranch < perZone) {
    throw new ConfigError(
      `MAX_BRANCH_ZONE_PROPERTIES_BYTES (${perBranch}) is less than MAX_ZONE_PROPERTIES_BYTES (${perZone}): a branch's zones together must be allowed at least what one zone is`,
    );
  }
  return { perZone, perBranch };
}

/** Reads the server's configuration from environment variables (docs/design.md, decision 8). */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const configured = parseApiTokens(env.API_TOKENS ?? '');
  const oidc = readOidc(env);
  if (configured.length === 0 && production && !oidc) {
    throw new ConfigError(
      'API_TOKENS is empty: a production server needs at least one access token (comma-separated), or an identity provider (OIDC_ISSUER and OIDC_AUDIENCE)',
    );
  }
  const tokenGenerated = configured.length === 0 && !production;
  const tokens = tokenGenerated
    ? [
        {
          token: `dev-${randomBytes(18).toString('base64url')}`,
          permissions: { writeBranches: true, writeJobs: true, branchIds: null },
        },
      ]
    : configured;
  const databasePath = env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
  const staticDir = env.STATIC_DIR?.trim() || undefined;
  if (staticDir !== undefined && !existsSync(join(staticDir, 'index.html'))) {
    throw new ConfigError(
      `STATIC_DIR ${staticDir} has no index.html: build the dashboard first (npm run build), or point STATIC_DIR at a build`,
    );
  }
  const simulate = env.SIMULATE?.trim() ?? '';
  if (!['', '0', '1'].includes(simulate)) {
    throw new ConfigError(`SIMULATE must be 1 (on) or 0 (off), got ${JSON.stringify(simulate)}`);
  }
  if (simulate === '1' && production) {
    throw new ConfigError('SIMULATE=1 makes up deliveries: it is for development, not NODE_ENV=production');
  }
  const extensions = env.EXTENSIONS?.trim().toLowerCase() || 'on';
  if (extensions !== 'on' && extensions !== 'off') {
    throw new ConfigError(`EXTENSIONS must be on or off, got ${JSON.stringify(env.EXTENSIONS)}`);
  }
  return {
    port: integer(env, 'PORT', 8787, 0, 65_535),
    host: env.HOST?.trim() || '127.0.0.1',
    databasePath,
    tokens,
    tokenGenerated,
    // An in-memory database keeps nothing across restarts, and neither does its development token.
    devTokenFile:
      tokenGenerated && databasePath !== MEMORY ? join(dirname(databasePath), DEV_TOKEN_FILE) : null,
    oidc,
    pageSize: integer(env, 'PAGE_SIZE', 20, 1, 1000),
    seedJobs: production && !env.SEED_JOBS?.trim() ? null : integer(env, 'SEED_JOBS', 5000, 0, 10_000_000),
    seed: integer(env, 'SEED', 42, 0, 2 ** 32 - 1),
    staticDir,
    production,
    simulate: simulate === '1',
    maxBranchCorners: integer(env, 'MAX_BRANCH_CORNERS', MAX_BRANCH_CORNERS, 100, 1_000_000),
    extensions: extensions === 'on',
    logFile: env.LOG_FILE?.trim() || null,
    zoneProperties: zonePropertyLimits(env),
    connections: connectionLimits(env),
  };
}

/** What a kept development token must look like to be used again; anything else is replaced. */
const KEPT_TOKEN = /^[A-Za-z0-9\-._~+/]{16,256}=*$/;

/**
 * The development token kept in `file` (its content, trimmed), or, when the file is missing or
 * holds something else, `fresh`, written there readable by this user only (0600): a restart
 * keeps the token a browser tab or a script signed in with. Throws when the file can be neither
 * read nor written (the caller goes on with `fresh` for this run).
 */
export function keptDevToken(file: string, fresh: string): { token: string; reused: boolean } {
  let kept = '';
  try {
    kept = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (KEPT_TOKEN.test(kept)) return { token: kept, reused: true };
  // Removed first: writeFileSync's mode applies only to a file it creates.
  rmSync(file, { force: true });
  writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600); // whatever the umask
  return { token: fresh, reused: false };
}
