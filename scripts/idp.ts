/**
 * `npm run idp`: `npm start` with sign-in through an identity provider. The development
 * provider (server/dev-idp.ts: any password; `supervisor` reads, `manager` may change one
 * branch) on IDP_PORT (8788), the reference server checking its access tokens (OIDC_ISSUER,
 * OIDC_AUDIENCE), and the dashboard on VITE_PORT (5173, strictly: it is the provider's
 * registered redirect) with its /config.json saying to sign in there.
 * IDP_ORIGINS (comma-separated) registers more dashboard origins with the provider, for a
 * dashboard deployed elsewhere that signs in with it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Plugin } from 'vite';
import { readConfig } from '../server/config';
import { MEMORY, openDatabase } from '../server/db';
import { DASHBOARD_SCOPE, startDevIdp } from '../server/dev-idp';
import { seed } from '../server/seed';
import { printBlock, runUntilStopped, startDevStack } from './dev-stack';

function port(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/**
 * The branch the manager may change: the database's first (active first), or, when the server
 * is about to seed an empty database, the first the seed makes.
 */
function managerBranch(): string {
  const config = readConfig(process.env);
  if (config.databasePath !== MEMORY && existsSync(config.databasePath)) {
    const db = new BetterSqlite3(config.databasePath, { readonly: true, fileMustExist: true });
    try {
      const hasBranches = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'branches'")
        .pluck()
        .get();
      const id: unknown = hasBranches
        ? db.prepare('SELECT id FROM branches ORDER BY active DESC, rowid LIMIT 1').pluck().get()
        : undefined;
      if (typeof id === 'string') return id;
    } finally {
      db.close();
    }
  }
  const scratch = openDatabase(MEMORY);
  try {
    seed(scratch, { seed: config.seed, jobs: 0, referenceTime: Math.floor(Date.now() / 1000) });
    return scratch.prepare('SELECT id FROM branches ORDER BY rowid LIMIT 1').pluck().get() as string;
  } finally {
    scratch.close();
  }
}

/** Answers the dashboard's /config.json: the repository's public/config.json plus `auth`. */
function configWithAuth(auth: Record<string, string>): Plugin {
  return {
    name: 'dispatch:idp-config',
    apply: 'serve',
    configureServer(server) {
      const file = join(server.config.publicDir, 'config.json');
      server.middlewares.use('/config.json', (req, res, next) => {
        const exact = req.url === '/' || req.url?.startsWith('/?');
        if (!exact || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        readFile(file, 'utf8').then((text) => {
          const body = `${JSON.stringify({ ...(JSON.parse(text) as object), auth }, null, 2)}\n`;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(req.method === 'HEAD' ? undefined : body);
        }, next);
      });
    },
  };
}

runUntilStopped('npm run idp', async () => {
  const vitePort = port('VITE_PORT', 5173);
  const audience = process.env.OIDC_AUDIENCE?.trim() || `http://127.0.0.1:${process.env.PORT ?? '8787'}`;
  const origins = [
    `http://localhost:${vitePort}`,
    `http://127.0.0.1:${vitePort}`,
    ...(process.env.IDP_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
  const branch = managerBranch();
  const idp = await startDevIdp({
    port: port('IDP_PORT', 8788),
    dashboardOrigins: origins,
    audience,
    managerBranch: branch,
  });
  const auth = {
    type: 'oidc',
    authority: idp.issuer,
    clientId: idp.clientId,
    scope: DASHBOARD_SCOPE,
    audience,
  };
  let stack;
  try {
    stack = await startDevStack({
      serverEnv: { OIDC_ISSUER: idp.issuer, OIDC_AUDIENCE: audience },
      plugins: [configWithAuth(auth)],
      strictPort: true,
    });
  } catch (error) {
    await idp.close();
    throw error;
  }
  printBlock(
    [
      ['Reference service', stack.api.url],
      ['Identity provider', idp.issuer],
      ['API token', `${stack.api.token} (still accepted beside sign-in)`],
      ['Sign in as', `supervisor   acts on every job`],
      ['', `manager      may change ${branch} and act on its jobs`],
      ['', 'any password'],
      ['Dispatch dashboard', stack.url],
    ],
    [
      'To sign in with this provider elsewhere (register the origin: IDP_ORIGINS):',
      `  config.json   "auth": ${JSON.stringify(auth)}`,
      `  server        OIDC_ISSUER=${idp.issuer} OIDC_AUDIENCE=${audience}`,
      `Dashboard origins registered: ${origins.join(', ')}`,
      'Ctrl+C stops all three.',
    ],
  );
  return {
    async close() {
      await stack.close();
      await idp.close();
    },
  };
});
