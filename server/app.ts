import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { bearerAuth, type ApiToken } from './auth';
import { API_PREFIX, installCors } from './cors';
import { MEMORY, type Database } from './db';
import { installDrain } from './drain';
import { clientErrorHandler, installErrorHandling, sendError, toApiError } from './errors';
import { installJsonBodyParser } from './json-body';
import { oidcTokenCheck, type OidcOptions } from './oidc-tokens';
import { BranchRepository } from './repo/branches';
import { JobChanges } from './repo/job-changes';
import { JobSearch } from './repo/job-search';
import { JobActionRepository } from './repo/job-actions';
import { JobRepository } from './repo/jobs';
import { CompactRequestLog } from './request-log';
import { installResponseCompression } from './representation';
import { registerBranchRoutes } from './routes/branches';
import { registerDocsRoutes } from './routes/docs';
import { registerExtensionRoutes } from './routes/extensions';
import { registerHealthRoute } from './routes/health';
import { registerJobActionRoutes } from './routes/job-actions';
import { registerJobRoutes } from './routes/jobs';
import { registerStatic } from './routes/static';
import { MAX_BRANCH_CORNERS, ZONE_PROPERTY_LIMITS, type ZonePropertyLimits } from './zone-limits';

export const DEFAULT_PAGE_SIZE = 20;
export const BODY_LIMIT = 1_048_576;

/**
 * How long a client may take to send a request, and how many connections may be open at once.
 * A client slower than a timeout is answered 408 and its connection closed (logged once, as a
 * warning); a connection over the cap is closed as it arrives.
 */
export interface ConnectionLimits {
  /** From the connection's first byte to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From the first byte to the end of the whole request, body included (1 MiB at most). */
  requestTimeoutMs: number;
  /** Open connections at once, keep-alive ones included. */
  maxConnections: number;
}

export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1_000,
};

export interface ServerOptions {
  db: Database;
  /**
   * Accepted Bearer tokens: a string can do everything; an ApiToken carries the limits of its
   * API_TOKENS entry (read-only, some branches only).
   */
  tokens: readonly (string | ApiToken)[];
  /**
   * Access tokens of this identity provider are accepted too (server/oidc-tokens.ts): its
   * issuer, the audience of this service, and how soon an unknown signing key may fetch the
   * provider's keys again (`jwksCooldownMs`, jose's 30 s by default).
   */
  oidc?: OidcOptions;
  /** Jobs per page (docs/design.md, decision 3). */
  pageSize?: number;
  /** Fastify (pino) logger options; off by default. */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built dashboard to serve at `/` (with SPA fallback). */
  staticDir?: string;
  /** The database's file (its disk's free space is part of the health check); `:memory:` by default. */
  databasePath?: string;
  /** The most corners one branch's zones may have (server/zone-limits.ts's default). */
  maxBranchCorners?: number;
  /**
   * The optional extension for scale (server/routes/extensions.ts): changes, stream, search,
   * `per_page` and the list's cursor. On by default; off, the server is a bare v1 service.
   */
  extensions?: boolean;
  /** Bytes of compressed pages of jobs kept (server/routes/jobs.ts's default); 0 builds every page. */
  pageCacheBytes?: number;
  /** Bytes of job documents kept (server/repo/jobs.ts's default); 0 reads every job whole for every page. */
  jobDocumentBytes?: number;
  /**
   * The job actions extension (server/routes/job-actions.ts): `GET /v1/jobs/{id}` and the
   * actions on a job. As `extensions` unless set; off, their paths answer 404 as on a bare service.
   */
  jobActions?: boolean;
  /** The most bytes of properties one zone, and one branch's zones, may hold (server/zone-limits.ts's defaults). */
  zoneProperties?: ZonePropertyLimits;
  /** Request timeouts and the connection cap (CONNECTION_LIMITS unless given). */
  connections?: ConnectionLimits;
}

/** The reference server of the v1 interface, with every dependency injected. Call `listen` or `inject`. */
export function buildServer(opts: ServerOptions): FastifyInstance {
  const pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new Error(`pageSize must be a whole number ≥ 1, got ${pageSize}`);

  const secrets = opts.tokens.map((entry) => (typeof entry === 'string' ? entry : entry.token));
  const limits = opts.connections ?? CONNECTION_LIMITS;
  const app = Fastify({
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the two timeouts this often (30 s by default, longer than they are).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeoutMs / 4)),
    },
    logger: opts.logger ?? false,
    logController: new CompactRequestLog(secrets),
    bodyLimit: BODY_LIMIT,
    // Long unknown ids are "no such branch" (404) rather than "parameter too long" (414).
    routerOptions: { maxParamLength: 1024 },
    // Errors raised before routing (bad URL encoding, over-long path parameter, malformed HTTP) keep the format too.
    frameworkErrors: (error, _request, reply) => sendError(reply, toApiError(error)),
    clientErrorHandler,
    // While draining, new requests get drain.ts's 503, in the error format.
    return503OnClosing: false,
  });
  app.server.maxConnections = limits.maxConnections;
  app.decorate('drain', installDrain(app));
  // GET /v1/jobs also takes its filters as a JSON body (docs/design.md, decision 1).
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  installJsonBodyParser(app);
  installCors(app);
  installResponseCompression(app);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  const spaFallback = opts.staticDir ? registerStatic(app, opts.staticDir) : undefined;
  installErrorHandling(app, spaFallback);
  registerHealthRoute(app, opts.db, opts.databasePath ?? MEMORY);
  // EXTENSIONS=off (opts.extensions false) makes a bare v1 service: the job actions go with it.
  const jobActions = opts.jobActions ?? opts.extensions !== false;
  registerDocsRoutes(app, { pageSize, bodyLimit: BODY_LIMIT, jobActions });

  const branches = new BranchRepository(opts.db);
  const jobs = new JobRepository(opts.db, branches, opts.jobDocumentBytes);
  const changes = opts.extensions === false ? undefined : new JobChanges(opts.db, jobs);
  app.register(
    async (api) => {
      api.addHook('onRequest', bearerAuth(opts.tokens, { jwt: opts.oidc && oidcTokenCheck(opts.oidc) }));
      registerJobRoutes(api, { jobs, pageSize, changes, pageCacheBytes: opts.pageCacheBytes });
      if (changes) {
        const search = new JobSearch(opts.db, jobs);
        registerExtensionRoutes(api, { changes, search, onShutdown: (close) => app.drain.onStart(close) });
      }
      if (jobActions) registerJobActionRoutes(api, { jobs, actions: new JobActionRepository(opts.db) });
      registerBranchRoutes(api, {
        branches,
        maxBranchCorners: opts.maxBranchCorners ?? MAX_BRANCH_CORNERS,
        zoneProperties: opts.zoneProperties ?? ZONE_PROPERTY_LIMITS,
      });
    },
    { prefix: API_PREFIX },
  );
  return app;
}

/**
 * Shuts the server down without resetting a request (drain.ts): requests under way finish, new
 * ones get 503 with `Connection: close` until all is quiet; connections still open after
 * `graceMs` (a slow or stuck client) are cut so shutdown always completes.
 */
export async function closeServer(app: FastifyInstance, graceMs = 5000): Promise<void> {
  await app.drain.close(graceMs);
}
