import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/routes/static';
import { startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest } from './http';

/** For a config.json naming no other host (the service on this origin, the offline map). */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
const INDEX =
  '<!doctype html><html><head><title>Dispatch</title></head><body><div id="root"></div></body></html>';
/** Large enough to be compressed (1 KiB and more). */
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];`;
const BIG_CONFIG = JSON.stringify({
  apiBaseUrl: '',
  statuses: Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [i, { label: `Status ${i}`, tone: 'neutral' }]),
  ),
});
/** What the build's precompress step would write beside BIG_JS (any valid brotli of it will do). */
const BIG_JS_BR = brotliCompressSync(Buffer.from(BIG_JS));

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
  writeFileSync(join(dir, 'assets', 'big-9a8b7c.js'), BIG_JS);
  writeFileSync(join(dir, 'assets', 'big-9a8b7c.js.br'), BIG_JS_BR);
  writeFileSync(join(dir, 'assets', 'big-9a8b7c.js.gz'), gzipSync(BIG_JS));
  writeFileSync(join(dir, 'settings.json'), BIG_CONFIG);
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
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/geolocation=\(\)/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
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

  it('puts the CSP and the page headers on HTML only', async () => {
    const asset = await fetch(`${server.url}/assets/app-3f2a1b.js`);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
  });

  it('sends the compressed copy the build wrote for a hashed asset, with its own ETag', async () => {
    const plain = await rawRequest(`${server.url}/assets/big-9a8b7c.js`);
    const br = await rawRequest(`${server.url}/assets/big-9a8b7c.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.equals(BIG_JS_BR)).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(plain.text).toBe(BIG_JS);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const again = await rawRequest(`${server.url}/assets/big-9a8b7c.js`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses a file without a copy itself (config.json is edited per deployment)', async () => {
    const gzip = await rawRequest(`${server.url}/settings.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_CONFIG);
    const br = await rawRequest(`${server.url}/settings.json`, { headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_CONFIG);
  });

  it('never serves the compressed copies under their own names', async () => {
    for (const path of ['/assets/big-9a8b7c.js.br', '/assets/big-9a8b7c.js.gz']) {
      expect(await (await fetch(`${server.url}${path}`)).text(), path).toBe(INDEX);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const response = await fetch(`${server.url}/assets/app-3f2a1b.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('console.log("app");'.length));
    expect(await response.text()).toBe('');
    const big = await rawRequest(`${server.url}/assets/big-9a8b7c.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-length']).toBe(String(BIG_JS_BR.length));
    expect(big.body.length).toBe(0);
    const shell = await rawRequest(`${server.url}/jobs`, { method: 'HEAD' });
    expect(shell.status).toBe(200);
    expect(shell.headers['content-security-policy']).toBe(CSP);
    expect(shell.body.length).toBe(0);
  });

  it('serves a file added after start-up', async () => {
    writeFileSync(join(dir, 'assets', 'late-9c1d.js'), 'console.log("late");');
    const response = await fetch(`${server.url}/assets/late-9c1d.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('console.log("late");');
  });

  it('never serves source maps, dot-files or paths outside the directory', async () => {
    for (const path of [
      '/assets/app-3f2a1b.js.map',
      '/.env',
      '/assets/../.env',
      '/%2e%2e/package.json',
      '/..%2f..%2fetc/passwd',
    ]) {
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

describe('the Content-Security-Policy', () => {
  it('lets the page reach the configured service, the map style’s host and the image hosts, and no other', () => {
    const csp = contentSecurityPolicy({
      apiBaseUrl: 'https://api.dispatch.example/base',
      mapStyle: 'https://tiles.openfreemap.org/styles/liberty',
    });
    expect(csp).toContain("connect-src 'self' https://api.dispatch.example https://tiles.openfreemap.org;");
    expect(csp).toContain(
      "img-src 'self' data: blob: https://api.dispatch.example https://tiles.openfreemap.org;",
    );
    // The service's photos and signatures, where config.json says they live.
    expect(
      contentSecurityPolicy({ imageOrigins: ['https://pod.example.com/photos', 'javascript:alert(1)', 7] }),
    ).toContain("img-src 'self' data: blob: https://pod.example.com;");
    expect(csp).not.toMatch(/https:[;\s]/);
    // The same origin and the offline map add nothing; a style on the service's host is named once.
    expect(contentSecurityPolicy({ apiBaseUrl: '', mapStyle: 'offline' })).toBe(CSP);
    expect(
      contentSecurityPolicy({
        apiBaseUrl: 'https://maps.example',
        mapStyle: 'https://maps.example/style.json',
      }),
    ).toContain("connect-src 'self' https://maps.example;");
  });

  it('lets the page reach the identity provider when config.json signs in through one', () => {
    const oidc = {
      type: 'oidc',
      authority: 'https://idp.example/realms/dispatch',
      clientId: 'dispatch-dashboard',
      scope: 'openid profile branches:write',
      audience: 'dispatch-api',
    };
    const csp = contentSecurityPolicy({ apiBaseUrl: 'https://api.dispatch.example', auth: oidc });
    // Requests only: the discovery document and the token endpoint. Not images, not scripts.
    expect(csp).toContain("connect-src 'self' https://api.dispatch.example https://idp.example;");
    expect(csp).toContain("img-src 'self' data: blob: https://api.dispatch.example;");
    expect(csp).toContain("script-src 'self';");
    // Token sign-in, or an authority that is not an http(s) URL, adds nothing.
    expect(contentSecurityPolicy({ auth: { type: 'token' } })).toBe(CSP);
    expect(contentSecurityPolicy({ auth: { ...oidc, authority: 'javascript:alert(1)' } })).toBe(CSP);
    expect(contentSecurityPolicy({ auth: { ...oidc, type: 'token' } })).toBe(CSP);
    expect(contentSecurityPolicy({ auth: 'oidc' })).toBe(CSP);
  });

  it('is built from the config.json of the served build', async () => {
    const site = mkdtempSync(join(tmpdir(), 'dispatch-static-oidc-'));
    writeFileSync(join(site, 'index.html'), INDEX);
    writeFileSync(
      join(site, 'config.json'),
      JSON.stringify({
        apiBaseUrl: '',
        auth: { type: 'oidc', authority: 'http://127.0.0.1:8080/realms/x/' },
      }),
    );
    const withProvider = await startTestServer({ jobs: 1, staticDir: site });
    try {
      const response = await fetch(`${withProvider.url}/branches`);
      expect(response.headers.get('content-security-policy')).toContain(
        "connect-src 'self' http://127.0.0.1:8080;",
      );
    } finally {
      await withProvider.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
