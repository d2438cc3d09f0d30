import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { parseError } from './http';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
  "worker-src 'self' blob:; connect-src 'self' https:; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
const INDEX =
  '<!doctype html><html><head><title>Dispatch</title></head><body><div id="root"></div></body></html>';

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log("app");');
  writeFileSync(join(dir, 'config.json'), '{"apiBaseUrl":""}');
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js.map'), '{"sources":["src/secret.ts"]}');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  server = await startTestServer({ jobs: 5, staticDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectHtmlShell(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('content-security-policy')).toBe(CSP);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('serving the built dashboard (staticDir)', () => {
  it('serves index.html at / without a token, with the security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expectHtmlShell(response);
    expect(await response.text()).toBe(INDEX);
  });

  it.each([
    '/jobs',
    '/jobs?status=7&page=2&job=12',
    '/branches/LDN-01',
    '/sign-in?redirect=%2Fjobs',
    '/no/such/page',
  ])('falls back to index.html for the client route %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expectHtmlShell(response);
    expect(await response.text()).toBe(INDEX);
  });

  it('serves files as themselves, hashed assets as immutable', async () => {
    const asset = await fetch(`${server.url}/assets/app-3f2a1b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log("app");');
    const config = await fetch(`${server.url}/config.json`);
    expect(await config.json()).toEqual({ apiBaseUrl: '' });
  });

  it('answers a revalidation with 304 and no body while the file is unchanged', async () => {
    const first = await fetch(`${server.url}/config.json`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${server.url}/config.json`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(`${server.url}/config.json`, { headers: { 'If-None-Match': '"stale"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ apiBaseUrl: '' });
  });

  it('answers HEAD with the headers only', async () => {
    const response = await fetch(`${server.url}/assets/app-3f2a1b.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('console.log("app");'.length));
    expect(await response.text()).toBe('');
  });

  it('serves a file added after start-up', async () => {
    writeFileSync(join(dir, 'assets', 'late-9c1d.js'), 'console.log("late");');
    const response = await fetch(`${server.url}/assets/late-9c1d.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('console.log("late");');
  });

  it('never serves source maps, dot-files or paths outside the directory', async () => {
    for (const path of ['/assets/app-3f2a1b.js.map', '/.env', '/assets/../.env', '/%2e%2e/package.json', '/..%2f..%2fetc/passwd']) {
      const response = await fetch(`${server.url}${path}`);
      expect(await response.text(), path).toBe(INDEX); // the app's shell, as any unknown path
    }
  });

  it('keeps /v1 an API: JSON errors, never the HTML shell, and the token still required', async () => {
    const unknown = await fetch(`${server.url}/v1/unknown`);
    expect(unknown.status).toBe(404);
    parseError(404, await unknown.json());
    const jobs = await fetch(`${server.url}/v1/jobs`);
    expect(jobs.status).toBe(401);
  });

  it('only falls back for GET: other methods outside /v1 get a JSON 404', async () => {
    const response = await fetch(`${server.url}/jobs`, { method: 'POST' });
    expect(response.status).toBe(404);
    parseError(404, await response.json());
  });
});

describe('without staticDir', () => {
  it('serves no HTML: / is a JSON 404', async () => {
    const bare = await startTestServer({ jobs: 1 });
    try {
      const response = await fetch(`${bare.url}/`);
      expect(response.status).toBe(404);
      parseError(404, await response.json());
    } finally {
      await bare.close();
    }
  });
});
