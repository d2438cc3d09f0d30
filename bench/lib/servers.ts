/** The reference server for the bench, in a child process (see server-child.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerInstance {
  name: string;
  pageSize: number;
  staticDir?: string;
  /** Bytes of compressed pages of jobs the server keeps (its default when absent; 0: none). */
  pageCacheBytes?: number;
  /** Bytes of job documents the server keeps (its default when absent; 0: none). */
  jobDocumentBytes?: number;
  /** The optional extension for scale (on when absent; false: a bare v1 service, as EXTENSIONS=off). */
  extensions?: boolean;
}

export interface ServerChildConfig {
  dbPath: string;
  token: string;
  instances: ServerInstance[];
}

export interface ServerChildReady {
  urls: Record<string, string>;
}

export interface Servers {
  /** Base URL of each instance, by name. */
  urls: Record<string, string>;
  /** The child process's id (e.g. to read its CPU time). */
  pid: number;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/**
 * Starts the instances in one child process on `config.dbPath`. `cpuProfileDir`: run the child
 * with `--cpu-prof`, the profile written there when the servers close.
 */
export async function startServers(config: ServerChildConfig, cpuProfileDir?: string): Promise<Servers> {
  const execArgv = ['--import', 'tsx'];
  if (cpuProfileDir) execArgv.push('--cpu-prof', '--cpu-prof-dir', cpuProfileDir);
  const child = fork(CHILD, [JSON.stringify(config)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the bench server did not start in 30 s')),
      START_TIMEOUT_MS,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as ServerChildReady).urls);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code} before listening`));
    });
  });
  return { urls, pid: child.pid!, close: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send('close');
  });
}
