import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_BRANCH_CORNERS } from './zone-limits';

export const DEFAULT_DATABASE_PATH = 'data/dispatch.db';

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  tokens: string[];
  /** True when no API_TOKENS were given and a development token was made up. */
  tokenGenerated: boolean;
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

/** Reads the server's configuration from environment variables (docs/design.md, decision 8). */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const configured = (env.API_TOKENS ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
  if (configured.length === 0 && production) {
    throw new ConfigError(
      'API_TOKENS is empty: a production server needs at least one access token (comma-separated)',
    );
  }
  const tokens = configured.length > 0 ? configured : [`dev-${randomBytes(18).toString('base64url')}`];
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
  return {
    port: integer(env, 'PORT', 8787, 0, 65_535),
    host: env.HOST?.trim() || '127.0.0.1',
    databasePath: env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH,
    tokens,
    tokenGenerated: configured.length === 0,
    pageSize: integer(env, 'PAGE_SIZE', 20, 1, 1000),
    seedJobs: production && !env.SEED_JOBS?.trim() ? null : integer(env, 'SEED_JOBS', 5000, 0, 10_000_000),
    seed: integer(env, 'SEED', 42, 0, 2 ** 32 - 1),
    staticDir,
    production,
    simulate: simulate === '1',
    maxBranchCorners: integer(env, 'MAX_BRANCH_CORNERS', MAX_BRANCH_CORNERS, 100, 1_000_000),
  };
}
