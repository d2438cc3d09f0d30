/**
 * An in-process reference server for tests (server, component and e2e): an in-memory
 * database seeded deterministically, listening on an ephemeral port of 127.0.0.1.
 * Free of vitest imports so any runner can use it.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer, closeServer, type ServerOptions } from '../../server/app';
import { MEMORY, openDatabase, type Database } from '../../server/db';
import { seed } from '../../server/seed';

/** 2026-01-01T00:00:00Z: the "now" of seeded test data, so every run sees the same jobs. */
export const TEST_REFERENCE_TIME = 1_767_225_600;
export const TEST_SEED = 7;
export const TEST_JOBS = 200;
export const TEST_TOKEN = 'test-token';

export interface TestServerOptions {
  jobs?: number;
  seed?: number;
  pageSize?: number;
  staticDir?: string;
  /** The most corners one branch's zones may have (the server's default unless given). */
  maxBranchCorners?: number;
  /** The moment the data is seeded as of (default TEST_REFERENCE_TIME, a midnight: every branch closed). */
  referenceTime?: number;
  /** Accepted tokens, limits included (default: TEST_TOKEN alone, which can do everything). */
  tokens?: ServerOptions['tokens'];
  /** An identity provider whose access tokens are accepted too (none by default). */
  oidc?: ServerOptions['oidc'];
  /** Fastify (pino) logger options; off by default. */
  logger?: ServerOptions['logger'];
  /** The optional extension for scale (on by default, as in the server). */
  extensions?: boolean;
  /** The job actions extension (on by default). */
  jobActions?: boolean;
}

export interface TestServer {
  url: string;
  /** TEST_TOKEN, whether or not `tokens` lists it. */
  token: string;
  db: Database;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = openDatabase(MEMORY);
  seed(db, {
    seed: opts.seed ?? TEST_SEED,
    jobs: opts.jobs ?? TEST_JOBS,
    referenceTime: opts.referenceTime ?? TEST_REFERENCE_TIME,
  });
  const app = buildServer({
    db,
    tokens: opts.tokens ?? [TEST_TOKEN],
    oidc: opts.oidc,
    logger: opts.logger,
    pageSize: opts.pageSize,
    staticDir: opts.staticDir,
    maxBranchCorners: opts.maxBranchCorners,
    extensions: opts.extensions,
    jobActions: opts.jobActions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token: TEST_TOKEN,
    db,
    app,
    async close() {
      await closeServer(app, 1000);
      db.close();
    },
  };
}

/** A port of 127.0.0.1 nothing listens on (yet): bound, then freed (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}
