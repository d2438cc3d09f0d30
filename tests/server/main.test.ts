import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './server-process';

const SERVE = resolve('scripts/serve.ts');
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
});

describe('npm run serve (scripts/serve.ts): production', () => {
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
});
