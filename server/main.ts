/**
 * The reference server, configured from the environment (server/config.ts): `npm run server`
 * runs it (server/run.ts).
 * `startServer` is also what `npm start` (scripts/start.ts) runs before Vite, and
 * `runServerProcess` what `npm run serve` (scripts/serve.ts) runs in production.
 * An empty database is seeded as of now. Outside production the stored operation is then moved
 * to today (server/time-shift.ts), and with SIMULATE=1 it runs forward (server/simulate.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { buildServer, closeServer } from './app';
import { ConfigError, keptDevToken, readConfig } from './config';
import { openDatabase, type Database } from './db';
import { processTimeZone } from './local-time';
import { seed } from './seed';
import { describeError } from './storage';
import { startSimulation, SIMULATION_INTERVAL_MS } from './simulate';
import { describeMove, moveToToday } from './time-shift';

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string;
  /**
   * An accepted token: the development token, or the first of API_TOKENS; null when only the
   * identity provider's tokens are accepted (OIDC_ISSUER in production without API_TOKENS).
   */
  token: string | null;
  /** Stops listening, then closes the database. Safe to call twice. */
  close(): Promise<void>;
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<RunningServer> {
  const config = readConfig(env);
  let db: Database;
  try {
    db = openDatabase(config.databasePath);
  } catch (error) {
    throw new ConfigError(`cannot open the database ${config.databasePath}: ${describeError(error)}`);
  }
  let simulation: { stop(): void } | undefined;
  try {
    let seeded = '';
    if ((db.prepare('SELECT count(*) FROM branches').pluck().get() as number) === 0) {
      if (config.seedJobs === null) {
        seeded = ' (empty, not seeded: set SEED_JOBS to seed demonstration data)';
      } else {
        const started = performance.now();
        seed(db, { seed: config.seed, jobs: config.seedJobs, referenceTime: Math.floor(Date.now() / 1000) });
        seeded = ` (seeded now with demonstration data: seed ${config.seed}, ${Math.round(performance.now() - started)} ms)`;
      }
    }
    if (!config.production) {
      const timeZone = processTimeZone();
      log(describeMove(moveToToday(db, Math.floor(Date.now() / 1000), timeZone), timeZone));
    }
    if (config.simulate) {
      let first = true;
      simulation = startSimulation(db, {
        onStep: ({ changes, booked }) => {
          if (first)
            log(
              `Simulation: on, every ${SIMULATION_INTERVAL_MS / 1000} s (caught up to now: ${changes} status changes, ${booked} jobs booked)`,
            );
          first = false;
        },
        onError: (error) =>
          console.error(`Simulation step failed: ${String((error as Error).stack ?? error)}`),
      });
    }
    const jobCount = db.prepare('SELECT count(*) FROM jobs').pluck().get() as number;

    // The development token is kept beside the database, so a restart does not sign out the
    // browser tabs and scripts that use it; with an in-memory database a new one each time.
    let tokens = config.tokens;
    let tokenNote = '';
    if (config.devTokenFile !== null) {
      const [generated] = config.tokens;
      try {
        const kept = keptDevToken(config.devTokenFile, generated!.token);
        tokens = [{ ...generated!, token: kept.token }];
        tokenNote = ` (${kept.reused ? 'kept' : 'new, kept'} in ${config.devTokenFile})`;
      } catch (error) {
        tokenNote = ` (for this run only, not kept in ${config.devTokenFile}: ${describeError(error)})`;
      }
    }

    const app = buildServer({
      db,
      tokens,
      oidc: config.oidc ?? undefined,
      pageSize: config.pageSize,
      staticDir: config.staticDir,
      databasePath: config.databasePath,
      maxBranchCorners: config.maxBranchCorners,
      zoneProperties: config.zoneProperties,
      connections: config.connections,
      extensions: config.extensions,
      logger: {
        level: 'info',
        base: null,
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
        // LOG_FILE (npm start: data/server.log): the request log there, so that a terminal
        // keeps what it printed last (the URL and the token) in view.
        ...(config.logFile ? { file: freshLogFile(config.logFile) } : {}),
      },
    });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw new ConfigError(`cannot listen on ${config.host}:${config.port}: ${describeError(error)}`);
    }
    const { port } = app.server.address() as AddressInfo;
    const url = `http://${displayHost(config.host)}:${port}`;
    const token = tokens[0]?.token ?? null;
    log(
      `Dispatch reference server on ${url} · database ${config.databasePath} · ${jobCount} jobs${seeded}` +
        (config.staticDir ? ` · dashboard from ${config.staticDir}` : '') +
        (config.logFile ? ` · request log in ${config.logFile}` : '') +
        (config.oidc ? ` · sign-in through ${config.oidc.issuer}` : '') +
        (config.extensions ? '' : ' · extensions off') +
        (config.tokenGenerated ? ` · development token: ${token}${tokenNote}` : ''),
    );

    let closing: Promise<void> | undefined;
    const close = () => {
      simulation?.stop();
      return (closing ??= closeServer(app).then(() => {
        db.close();
      }));
    };
    return { url, token, close };
  } catch (error) {
    simulation?.stop();
    db.close();
    throw error;
  }
}

/** `file`, emptied (its directory made): each start's request log on its own. */
function freshLogFile(file: string): string {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
  } catch (error) {
    throw new ConfigError(`cannot write the request log LOG_FILE=${file}: ${describeError(error)}`);
  }
  return file;
}

/**
 * The server as a process: started from `env`, stopped on SIGTERM or SIGINT (no new
 * connections, requests under way finished, then the database closed) with exit code 0.
 * Exits with 1, saying why in one line, when it cannot start (a refused configuration, a
 * database it cannot open, an address in use).
 */
export async function runServerProcess(env: NodeJS.ProcessEnv): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(env);
  } catch (error) {
    // One line, naming what to fix: no stack trace for an operator to read through.
    console.error(
      `dispatch server: ${error instanceof ConfigError ? error.message : `could not start: ${describeError(error)}`}`,
    );
    process.exit(1);
  }
  // A second signal while draining (a process manager, or a runner that passes the signal on
  // as well) changes nothing: the drain already ends within its bound.
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`dispatch server: ${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`dispatch server: shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
