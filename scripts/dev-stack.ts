/**
 * What `npm start` (scripts/start.ts) and `npm run idp` (scripts/idp.ts) share: the seeded
 * reference server and the dashboard (Vite dev server, proxying /v1 to the reference server),
 * the block saying where to go, and Ctrl+C (or SIGTERM) stopping everything.
 * The server's operation runs forward while it runs (SIMULATE=1 unless set otherwise).
 */
import { dirname, join } from 'node:path';
import { createServer, type PluginOption } from 'vite';
import { DEFAULT_DATABASE_PATH } from '../server/config';
import { startServer, type RunningServer } from '../server/main';

export interface DevStackOptions {
  /** Variables for the reference server, over the process's own and npm start's defaults. */
  serverEnv?: NodeJS.ProcessEnv;
  /** Vite plugins besides vite.config.ts's. */
  plugins?: PluginOption[];
  /** Refuse to start, rather than take the next port, when VITE_PORT is taken. */
  strictPort?: boolean;
}

export interface DevStack {
  /** The dashboard, e.g. http://localhost:5173/ */
  url: string;
  api: RunningServer;
  /** Stops Vite, then the reference server. */
  close(): Promise<void>;
}

/**
 * Where the request log goes: LOG_FILE, or `server.log` beside the database (data/server.log),
 * so that the terminal keeps the block in view; an empty LOG_FILE keeps it in the terminal.
 */
export function requestLogFile(env: NodeJS.ProcessEnv): string {
  if (env.LOG_FILE !== undefined) return env.LOG_FILE.trim();
  const database = env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
  return database === ':memory:' ? join('data', 'server.log') : join(dirname(database), 'server.log');
}

export async function startDevStack(options: DevStackOptions = {}): Promise<DevStack> {
  const env = { ...process.env, ...options.serverEnv };
  const api = await startServer({
    ...process.env,
    PORT: process.env.PORT ?? '8787',
    SIMULATE: process.env.SIMULATE ?? '1',
    LOG_FILE: requestLogFile(env),
    ...options.serverEnv,
  });
  try {
    const vite = await createServer({
      configFile: 'vite.config.ts',
      ...(options.plugins ? { plugins: options.plugins } : {}),
      server: {
        port: Number(process.env.VITE_PORT ?? 5173),
        ...(options.strictPort === undefined ? {} : { strictPort: options.strictPort }),
        proxy: { '/v1': { target: api.url, changeOrigin: false } },
      },
      logLevel: 'warn',
    });
    await vite.listen();
    const url = vite.resolvedUrls?.local[0] ?? `http://localhost:${vite.config.server.port}/`;
    return {
      url,
      api,
      async close() {
        await vite.close();
        await api.close();
      },
    };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/**
 * The block between two rules: notes, then labelled rows, so that the rows (where to go, the
 * token) are the last lines printed, and stay in view: the request log goes to its file.
 */
export function startBlock(rows: [label: string, value: string][], notes: string[]): string {
  const line = '─'.repeat(64);
  const body = rows.map(([label, value]) => `  ${label.padEnd(21)}${value}`).join('\n');
  return `\n${line}\n${notes.map((note) => `  ${note}`).join('\n')}\n\n${body}\n${line}\n`;
}

export function printBlock(rows: [label: string, value: string][], notes: string[]): void {
  console.log(startBlock(rows, notes));
}

/**
 * Runs `start` as the process's work: stops what it started on SIGINT or SIGTERM (exit 0), or
 * says in one line why it could not start (exit 1).
 */
export function runUntilStopped(name: string, start: () => Promise<{ close(): Promise<void> }>): void {
  start().then(
    (running) => {
      let closing = false;
      const stop = async () => {
        if (closing) return;
        closing = true;
        await running.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
    },
    (error: unknown) => {
      console.error(`${name} failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
