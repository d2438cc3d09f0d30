/**
 * The reference server as a child process: `npm run server` (server/run.ts through tsx), or
 * `npm run serve` (the compiled production server: `npm run build:server` first).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const TSX = resolve('node_modules/.bin/tsx');
export const MAIN = resolve('server/run.ts');

/** `npm run serve`, as a process manager would start it. */
export const SERVE: readonly [string, string[]] = ['npm', ['run', '--silent', 'serve']];

/**
 * Started with only the given configuration (and HOST=127.0.0.1) beside the rest of this
 * environment; `command` is a TypeScript entry run by tsx, or a command and its arguments.
 */
export function spawnServer(
  env: Record<string, string>,
  command: string | readonly [string, string[]] = MAIN,
  options: { uid?: number; gid?: number } = {},
) {
  const {
    API_TOKENS: _a,
    NODE_ENV: _n,
    PORT: _p,
    DATABASE_PATH: _d,
    SEED_JOBS: _s,
    STATIC_DIR: _t,
    ...inherited
  } = process.env;
  const [file, args] = typeof command === 'string' ? [TSX, [command]] : command;
  const child = spawn(file, args, {
    env: { ...inherited, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; found: (match: RegExpExecArray) => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(stdout);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.found(match);
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('exit', (code) => done({ code, stdout, stderr })),
  );
  /** Resolves once stdout matches `pattern`; fails if the process exits first. */
  const output = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((found, fail) => {
      const match = pattern.exec(stdout);
      if (match) return found(match);
      waiters.push({ pattern, found });
      void exited.then(({ code }) =>
        fail(new Error(`server exited (${code}) before printing ${pattern}:\n${stderr}`)),
      );
    });
  const startLine = output(/^Dispatch reference server on .*$/m).then((match) => match[0]);
  startLine.catch(() => undefined); // a test that expects an early exit does not await it
  return { child, exited, output, startLine };
}
