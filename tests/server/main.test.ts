import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/seed';
import { SERVE, spawnServer } from './server-process';

const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run server (server/main.ts)', () => {
  it('refuses to start in production without API_TOKENS, saying why', async () => {
    const { exited } = spawnServer({ NODE_ENV: 'production', API_TOKENS: ' , ', DATABASE_PATH: ':memory:' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('API_TOKENS is empty')]);
  });

  it('in development, generates and prints a token, serves with it, and shuts down cleanly on SIGTERM', async () => {
    const { child, startLine, exited } = spawnServer({
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_PATH: ':memory:',
      SEED_JOBS: '50',
    });
    const line = await startLine;
    const [, url, token] =
      /on (http:\/\/127\.0\.0\.1:\d+) .*· 50 jobs.*development token: (\S+)/.exec(line) ?? [];
    expect(url, line).toBeDefined();

    const jobs = await fetch(`${url}/v1/jobs`, { headers: { authorization: `Bearer ${token}` } });
    expect(jobs.status).toBe(200);
    expect(((await jobs.json()) as { total_records: number }).total_records).toBe(50);
    expect((await fetch(`${url}/v1/jobs`, { headers: { authorization: 'Bearer guess' } })).status).toBe(401);

    child.kill('SIGTERM');
    const { code, stdout } = await exited;
    expect(code).toBe(0);
    expect(stdout).not.toContain('Authorization');
  });

  it('uses API_TOKENS when given (never printing them), and seeds a database file only while it is empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-main-'));
    tempDirs.push(dir);
    const env = {
      PORT: '0',
      DATABASE_PATH: join(dir, 'nested', 'dispatch.db'),
      SEED_JOBS: '30',
      API_TOKENS: 'alpha-token, beta-token',
    };

    const first = spawnServer(env);
    const firstLine = await first.startLine;
    expect(firstLine).toContain('30 jobs (seeded now');
    expect(firstLine).not.toContain('alpha-token');
    const url = /on (\S+)/.exec(firstLine)![1]!;
    const renamed = await fetch(`${url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { authorization: 'Bearer beta-token', 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { name: 'Kept across restarts' } }),
    });
    expect(renamed.status).toBe(200);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(env.DATABASE_PATH)).toBe(true);

    const second = spawnServer({ ...env, SEED_JOBS: '999' });
    const secondLine = await second.startLine;
    expect(secondLine).toContain('· 30 jobs');
    expect(secondLine).not.toContain('seeded now');
    const url2 = /on (\S+)/.exec(secondLine)![1]!;
    const branch = await fetch(`${url2}/v1/branches/LDN-01`, {
      headers: { authorization: 'Bearer alpha-token' },
    });
    expect(((await branch.json()) as { branch: { name: string } }).branch.name).toBe('Kept across restarts');
    second.child.kill('SIGINT');
    expect((await second.exited).code).toBe(0);
  });

  it('keeps the development token beside the database across restarts, readable by its owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-dev-token-'));
    tempDirs.push(dir);
    const env = {
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_PATH: join(dir, 'data', 'dispatch.db'),
      SEED_JOBS: '5',
    };
    const file = join(dir, 'data', 'dev-token');
    /** One start: the token it prints, its start line, and whether the token was accepted. */
    const start = async () => {
      const server = spawnServer(env);
      const line = await server.startLine;
      const [, url, token] = /on (\S+) .*development token: (\S+)/.exec(line) ?? [];
      expect(token, line).toBeDefined();
      const jobs = await fetch(`${url}/v1/jobs`, { headers: { authorization: `Bearer ${token}` } });
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      return { token: token!, line, status: jobs.status };
    };
    const mode = () => statSync(file).mode & 0o777;

    const first = await start();
    expect(first.status).toBe(200);
    expect(first.line).toContain(`(new, kept in ${file})`);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(mode()).toBe(0o600);

    const second = await start();
    expect(second.token).toBe(first.token);
    expect(second.status).toBe(200);
    expect(second.line).toContain(`(kept in ${file})`);

    // A file that holds something else is replaced, and readable by its owner only again.
    writeFileSync(file, 'not a token\n', { mode: 0o644 });
    const third = await start();
    expect(third.token).not.toBe(first.token);
    expect(third.status).toBe(200);
    expect(readFileSync(file, 'utf8').trim()).toBe(third.token);
    expect(mode()).toBe(0o600);
  });

  it('keeps no development token for an in-memory database, nor when API_TOKENS are given', () => {
    expect(readConfig({}).devTokenFile).toBe(join('data', 'dev-token'));
    expect(readConfig({ DATABASE_PATH: '/srv/dispatch/db.sqlite' }).devTokenFile).toBe(
      '/srv/dispatch/dev-token',
    );
    expect(readConfig({ DATABASE_PATH: ':memory:' }).devTokenFile).toBeNull();
    expect(readConfig({ API_TOKENS: 'given-token' }).devTokenFile).toBeNull();
    // Each in-memory start makes up its own.
    expect(readConfig({ DATABASE_PATH: ':memory:' }).tokens[0]!.token).not.toBe(
      readConfig({ DATABASE_PATH: ':memory:' }).tokens[0]!.token,
    );
  });
});

describe('npm run serve (the compiled scripts/serve.ts): production', () => {
  // The production server is compiled JavaScript: build it as `npm run build` does.
  beforeAll(() => {
    execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'ignore' });
  }, 60_000);
  const site = mkdtempSync(join(tmpdir(), 'dispatch-site-'));
  tempDirs.push(site);
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Dispatch</title><div id="root"></div>');
  writeFileSync(join(site, 'assets', 'app-1a2b3c.js'), 'console.log("app");');

  it('refuses to start without API_TOKENS, whatever NODE_ENV says', async () => {
    const { exited } = spawnServer(
      { NODE_ENV: 'development', STATIC_DIR: site, DATABASE_PATH: ':memory:' },
      SERVE,
    );
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('API_TOKENS is empty');
  });

  it('refuses a STATIC_DIR without a build in it, saying what to do', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dispatch-empty-'));
    tempDirs.push(empty);
    const { exited } = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: empty, DATABASE_PATH: ':memory:' },
      SERVE,
    );
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringContaining('has no index.html: build the dashboard first'),
    ]);
  });

  it('serves the built dashboard, the API, the document and the health check from one process', async () => {
    const { child, startLine, exited } = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: site, PORT: '0', DATABASE_PATH: ':memory:', SEED_JOBS: '10' },
      SERVE,
    );
    const line = await startLine;
    expect(line).toContain(`dashboard from ${site}`);
    expect(line).not.toContain('development token');
    const url = /on (\S+)/.exec(line)![1]!;

    const shell = await fetch(`${url}/jobs?page=2`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await shell.text()).toContain('<div id="root">');
    const asset = await fetch(`${url}/assets/app-1a2b3c.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const jobs = await fetch(`${url}/v1/jobs`, { headers: { authorization: 'Bearer prod-token' } });
    expect(((await jobs.json()) as { total_records: number }).total_records).toBe(10);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/docs`)).status).toBe(200);

    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });
  it('leaves an empty database empty, saying so, unless SEED_JOBS asks for demonstration data', async () => {
    const { child, startLine, exited } = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: site, PORT: '0', DATABASE_PATH: ':memory:' },
      SERVE,
    );
    const line = await startLine;
    expect(line).toContain('· 0 jobs (empty, not seeded: set SEED_JOBS to seed demonstration data)');
    const url = /on (\S+)/.exec(line)![1]!;
    const jobs = await fetch(`${url}/v1/jobs`, { headers: { authorization: 'Bearer prod-token' } });
    expect(((await jobs.json()) as { total_records: number }).total_records).toBe(0);
    expect(
      (await fetch(`${url}/v1/branches/LDN-01`, { headers: { authorization: 'Bearer prod-token' } })).status,
    ).toBe(404);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  it('drains on SIGTERM to npm during a burst of PUTs: every request answered 200 or 503, none reset, exit 0 within 10 s, the database intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-drain-'));
    tempDirs.push(dir);
    const databasePath = join(dir, 'dispatch.db');
    const server = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: site, PORT: '0', DATABASE_PATH: databasePath, SEED_JOBS: '20' },
      SERVE,
    );
    const url = /on (\S+)/.exec(await server.startLine)![1]!;
    const outcomes: (number | string)[][] = [];

    const loop = async (n: number) => {
      const seen: (number | string)[] = [];
      outcomes.push(seen);
      for (let i = 0; ; i++) {
        try {
          const response = await fetch(`${url}/v1/branches/LDN-01`, {
            method: 'PUT',
            headers: { authorization: 'Bearer prod-token', 'content-type': 'application/json' },
            body: JSON.stringify({ branch: { name: `Burst ${n}.${i}` } }),
          });
          await response.arrayBuffer();
          seen.push(response.status);
          if (response.status === 503) return;
        } catch (error) {
          seen.push(String((error as { cause?: unknown }).cause ?? error));
          return;
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, n) => loop(n));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = performance.now();
    server.child.kill('SIGTERM'); // npm's process: it passes the signal on to node
    await Promise.all(loops);
    const { code } = await server.exited;
    const elapsed = performance.now() - signalled;

    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(10_000);
    for (const seen of outcomes) {
      expect(seen.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(seen.at(-1)).toBe(503);
    }
    expect(outcomes.flat().filter((status) => status === 200).length).toBeGreaterThan(8);
    const db = openDatabase(databasePath);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  /** A seeded database file the server's process cannot write: owned by root and run as nobody, or read-only to us. */
  function readOnlyDatabase(): { path: string; as: { uid?: number; gid?: number } } {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-ro-'));
    tempDirs.push(dir);
    const path = join(dir, 'dispatch.db');
    const db = openDatabase(path);
    seed(db, { seed: 1, jobs: 5, referenceTime: 1_700_000_000 });
    db.close();
    if (process.getuid?.() === 0) {
      chmodSync(dir, 0o777); // nobody may add the write-ahead log beside it, not change the file
      chmodSync(site, 0o755);
      return { path, as: { uid: 65534, gid: 65534 } };
    }
    chmodSync(path, 0o444);
    return { path, as: {} };
  }

  it('answers /healthz 503 with the reason, and a PUT 503 in the error format, when the database file is read-only', async () => {
    const { path, as } = readOnlyDatabase();
    const { child, startLine, exited } = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: site, PORT: '0', DATABASE_PATH: path },
      ['node', [resolve('dist-server/serve.mjs')]],
      as,
    );
    const url = /on (\S+)/.exec(await startLine)![1]!;
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { message: string } }).error.message).toMatch(
      /^The database cannot be written \(SQLITE_READONLY/,
    );
    const put = await fetch(`${url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { authorization: 'Bearer prod-token', 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { name: 'Not saved' } }),
    });
    expect(put.status).toBe(503);
    expect(await put.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The server’s database is read-only; nothing was saved.',
        details: [],
      },
    });
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  it('stops a start on a database it cannot open with one line naming the path and the cause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-locked-'));
    tempDirs.push(dir);
    const path = join(dir, 'dispatch.db');
    const db = openDatabase(path);
    db.close();
    const root = process.getuid?.() === 0;
    if (root) chownSync(dir, 0, 0);
    chmodSync(dir, 0o555);
    chmodSync(site, 0o755);
    const { exited } = spawnServer(
      { API_TOKENS: 'prod-token', STATIC_DIR: site, PORT: '0', DATABASE_PATH: path },
      ['node', [resolve('dist-server/serve.mjs')]],
      root ? { uid: 65534, gid: 65534 } : {},
    );
    const { code, stderr } = await exited;
    chmodSync(dir, 0o755);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^dispatch server: cannot open the database ${path}: SQLITE_\\w+: `)),
    ]);
  });
});
