/**
 * The OpenAPI document the server generates from the contract: valid OpenAPI 3.1, and true of
 * the server: every response below, errors included, is checked against it (openapi-check.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { square } from '../support/geo';
import { TEST_TOKEN, startTestServer, type TestServer } from '../support/server';
import { rawRequest, type RawResponse } from './http';
import { documentChecker } from './openapi-check';

type Json = Record<string, unknown>;

let server: TestServer;
let doc: Json;
let checker: ReturnType<typeof documentChecker>;

/** A token of API_TOKENS marked read-only: its saves are 403. */
const READ_ONLY = 'read-only-token';

beforeAll(async () => {
  server = await startTestServer({
    jobs: 120,
    tokens: [
      TEST_TOKEN,
      { token: READ_ONLY, permissions: { writeBranches: false, writeJobs: false, branchIds: null } },
    ],
  });
  doc = (await rawRequest(`${server.url}/v1/openapi.json`)).json() as Json;
  checker = documentChecker(doc);
});
afterAll(async () => {
  await server.close();
});

const json = { 'content-type': 'application/json' };

function request(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; token?: boolean } = {},
): Promise<RawResponse> {
  const auth: Record<string, string> =
    options.token === false ? {} : { authorization: `Bearer ${server.token}` };
  return rawRequest(`${server.url}${path}`, {
    method,
    headers: { ...auth, ...options.headers },
    body: options.body,
  });
}

const zone = (id: string, ring: number[][]) => ({
  id,
  type: 'Feature',
  properties: { name: id },
  geometry: { type: 'Polygon', coordinates: [ring] },
});
const bowTie = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
  [0, 0],
];
const put = (body: unknown) => JSON.stringify({ branch: body });

describe('the document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('is served without a token, with an ETag, compressed when asked', async () => {
    const response = await request('GET', '/v1/openapi.json', {
      token: false,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.etag).toBeDefined();
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('is written by npm run openapi without a server, the same as served', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      execFileSync(resolve('node_modules/.bin/tsx'), [resolve('scripts/openapi.ts'), file], {
        env: { ...process.env, PAGE_SIZE: '' },
        stdio: 'pipe',
      });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(doc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("states this server's page size and the decisions on the interface's gaps", async () => {
    const other = await startTestServer({ jobs: 1, pageSize: 7 });
    try {
      const text = (await rawRequest(`${other.url}/v1/openapi.json`)).text;
      expect(text).toContain('this server sends 7 jobs a page');
    } finally {
      await other.close();
    }
    const text = JSON.stringify(doc);
    for (const decision of [
      'the query string wins on conflict', // 1: GET parameters
      'inclusive: the filter applies to `created_at`', // 2: time filter
      'reads `total_pages`', // 3: page size
      'dictionary of its runtime configuration', // 4: status codes
      'replace the stored values whole', // 5: PUT semantics
      'an id another branch has is 409', // 6: rename
      'ids that differ only in case are the same id',
      'A PUT with `If-Match` saves only over that version', // concurrent saves
      'unknown fields are kept', // 12: lenient reading
    ]) {
      expect(text).toContain(decision);
    }
    expect((doc.components as Json).securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });
});

/** [method, path in the document (null: none), request path, options, expected status] */
type Case = [string, string | null, string, Parameters<typeof request>[2], number];

const cases: Case[] = [
  ['GET', '/v1/jobs', '/v1/jobs', {}, 200],
  ['GET', '/v1/jobs', '/v1/jobs?status=7&branch_id=LDN-01&timestamp_from=0', {}, 200],
  ['GET', '/v1/jobs', '/v1/jobs?page=999', {}, 200],
  ['GET', '/v1/jobs', '/v1/jobs?branch_embed=summary', {}, 200],
  ['GET', '/v1/jobs', '/v1/jobs?per_page=1000&branch_embed=summary', {}, 200],
  ['GET', '/v1/jobs', '/v1/jobs?per_page=1001', {}, 400],
  ['GET', '/v1/jobs/changes', '/v1/jobs/changes', {}, 400],
  ['GET', '/v1/jobs/changes', '/v1/jobs/changes?since=abc.1', {}, 410],
  ['GET', '/v1/jobs/changes', '/v1/jobs/changes?since=abc.1', { token: false }, 401],
  ['GET', '/v1/jobs/search', '/v1/jobs/search?q=ORD', {}, 200],
  ['GET', '/v1/jobs/search', '/v1/jobs/search?q=0161', {}, 200],
  ['GET', '/v1/jobs/search', '/v1/jobs/search?q=x', {}, 400],
  ['GET', '/v1/jobs/stream', '/v1/jobs/stream?since=abc.1', {}, 410],
  ['POST', '/v1/jobs/stream', '/v1/jobs/stream', { headers: json, body: '{}' }, 405],
  ['GET', '/v1/jobs', '/v1/jobs', { headers: json, body: '{"status": 7}' }, 200],
  ['GET', '/v1/jobs', '/v1/jobs?page=0', {}, 400],
  ['GET', '/v1/jobs', '/v1/jobs?stauts=7', {}, 400],
  ['GET', '/v1/jobs', '/v1/jobs', { token: false }, 401],
  ['GET', '/v1/jobs', '/v1/jobs', { headers: json, body: `{"team_id":"${'x'.repeat(1_100_000)}"}` }, 413],
  ['GET', '/v1/jobs', '/v1/jobs', { headers: { 'content-type': 'text/plain' }, body: 'status=7' }, 415],
  ['POST', '/v1/jobs', '/v1/jobs', { headers: json, body: '{}' }, 405],
  ['GET', '/v1/branches', '/v1/branches', {}, 200],
  ['GET', '/v1/branches', '/v1/branches?page=abc', {}, 400],
  ['GET', '/v1/branches', '/v1/branches', { token: false }, 401],
  ['GET', '/v1/branches/{id}', '/v1/branches/LDN-01', {}, 200],
  ['GET', '/v1/branches/{id}', '/v1/branches/NOPE-99', {}, 404],
  ['GET', '/v1/branches/{id}', `/v1/branches/${'x'.repeat(2000)}`, {}, 414],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { headers: json, body: put({ name: 'London Central' }) },
    200,
  ],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    {
      headers: json,
      body: put({
        coordinates: { latitude: 51.5, longitude: -0.1 },
        contacts: [
          {
            name: 'Ana',
            phone: '+44 20 7946 0000',
            work_timings: { from: '09:00 AM', to: '05:00 PM' },
            work_days: ['monday'],
          },
        ],
        delivery_zones: { type: 'FeatureCollection', features: [zone('central', square(-0.2, 51.4, 0.2))] },
      }),
    },
    200,
  ],
  ['PUT', '/v1/branches/{id}', '/v1/branches/LDN-01', { headers: json, body: put({ name: '' }) }, 400],
  ['PUT', '/v1/branches/{id}', '/v1/branches/LDN-01', { headers: json, body: '{"branch": ' }, 400],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    {
      headers: json,
      body: put({ delivery_zones: { type: 'FeatureCollection', features: [zone('tie', bowTie)] } }),
    },
    400,
  ],
  ['PUT', '/v1/branches/{id}', '/v1/branches/LDN-01', { token: false, headers: json, body: put({}) }, 401],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { token: false, headers: { ...json, authorization: 'Bearer not-a-known-token' }, body: put({}) },
    401,
  ],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { token: false, headers: { ...json, authorization: `Bearer ${READ_ONLY}` }, body: put({ name: 'x' }) },
    403,
  ],
  ['PUT', '/v1/branches/{id}', '/v1/branches/NOPE-99', { headers: json, body: put({ name: 'x' }) }, 404],
  ['PUT', '/v1/branches/{id}', '/v1/branches/LDN-01', { headers: json, body: put({ id: 'MAN-01' }) }, 409],
  ['PUT', '/v1/branches/{id}', '/v1/branches/LDN-01', { headers: json, body: put({ id: 'man-01' }) }, 409],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { headers: { ...json, 'if-match': '"0.0"' }, body: put({ name: 'Stale' }) },
    412,
  ],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { headers: { ...json, 'if-match': '*' }, body: put({ name: 'London' }) },
    200,
  ],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { headers: json, body: put({ formatted_address: 'x'.repeat(1_100_000) }) },
    413,
  ],
  [
    'PUT',
    '/v1/branches/{id}',
    '/v1/branches/LDN-01',
    { headers: { 'content-type': 'text/plain' }, body: '{}' },
    415,
  ],
  ['DELETE', '/v1/branches/{id}', '/v1/branches/LDN-01', {}, 405],
  ['PUT', '/v1/branches', '/v1/branches', { headers: json, body: '{}' }, 405],
  ['GET', '/v1/openapi.json', '/v1/openapi.json', { token: false }, 200],
  ['GET', '/healthz', '/healthz', { token: false }, 200],
  [
    'GET',
    '/healthz',
    '/healthz',
    { token: false, headers: { 'content-type': 'text/plain' }, body: 'x' },
    415,
  ],
  ['GET', null, '/v1/nothing', {}, 404],
  ['GET', null, '/v2/jobs', { token: false }, 404],
];

describe('responses of the reference server, against the document', () => {
  it.each(
    cases.map(([method, path, url, options, status]) => ({
      name: `${method} ${url.length > 60 ? `${url.slice(0, 40)}… (${url.length} characters)` : url} → ${status}`,
      method,
      path,
      url,
      options,
      status,
    })),
  )('$name', async ({ method, path, url, options, status }) => {
    const response = await request(method, url, options);
    expect(response.status, response.text.slice(0, 300)).toBe(status);
    checker.expectDocumented(method, path, response);
  });

  it('every page of jobs', async () => {
    const first = await request('GET', '/v1/jobs');
    const { total_pages: pages } = first.json() as { total_pages: number };
    expect(pages).toBeGreaterThan(3);
    for (let page = 1; page <= pages; page++) {
      checker.expectDocumented('GET', '/v1/jobs', await request('GET', `/v1/jobs?page=${page}`));
    }
  });

  it('the changes after a list, and 304 on an unchanged read of them (extension)', async () => {
    const list = await request('GET', '/v1/jobs');
    checker.expectDocumented('GET', '/v1/jobs', list);
    const cursor = list.headers['changes-cursor'] as string;
    const origin = `${cursor.split('.')[0]}.0`;
    const changes = await request('GET', `/v1/jobs/changes?since=${origin}&limit=50`);
    expect(changes.status).toBe(200);
    checker.expectDocumented('GET', '/v1/jobs/changes', changes);
    const unchanged = await request('GET', `/v1/jobs/changes?since=${origin}&limit=50`, {
      headers: { 'if-none-match': changes.headers.etag as string },
    });
    expect(unchanged.status).toBe(304);
    checker.expectDocumented('GET', '/v1/jobs/changes', unchanged);
  });

  it('304 on an unchanged page', async () => {
    const first = await request('GET', '/v1/jobs?page=2');
    const response = await request('GET', '/v1/jobs?page=2', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(response.status).toBe(304);
    checker.expectDocumented('GET', '/v1/jobs', response);
  });

  it('431 on headers too large, answered on the connection', async () => {
    const response = await request('GET', '/v1/jobs', { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    checker.expectComponent('HeadersTooLarge', response);
  });

  it('503 and 500 once the database is gone', async () => {
    const broken = await startTestServer({ jobs: 5 });
    try {
      broken.db.close();
      const health = await rawRequest(`${broken.url}/healthz`);
      expect(health.status).toBe(503);
      checker.expectDocumented('GET', '/healthz', health);
      const jobs = await rawRequest(`${broken.url}/v1/jobs?page=2`, {
        headers: { authorization: `Bearer ${broken.token}` },
      });
      expect(jobs.status).toBe(500);
      checker.expectDocumented('GET', '/v1/jobs', jobs);
    } finally {
      await broken.app.close();
    }
  });
});

describe('/docs', () => {
  it('is a page of the document that loads nothing from elsewhere', async () => {
    const response = await request('GET', '/docs', { token: false });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'; style-src 'self'/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const html = response.text;
    expect(html).not.toMatch(/<script/i);
    const links = [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.filter((link) => /^(https?:)?\/\//.test(link))).toEqual([]);
    expect(links).toContain('/docs/docs.css');
    expect(links).toContain('/v1/openapi.json');
    const css = await request('GET', '/docs/docs.css', { token: false });
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    for (const path of Object.keys(doc.paths as Json)) expect(html).toContain(path);
    for (const name of Object.keys((doc.components as { schemas: Json }).schemas)) {
      expect(html).toContain(`id="schema-${name}"`);
    }
    // Every link inside the page leads to an anchor of the page.
    const anchors = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    for (const link of links.filter((l) => l.startsWith('#'))) expect(anchors, link).toContain(link.slice(1));
  });

  it('is not part of the API: no token, and not served on other methods', async () => {
    expect((await request('POST', '/docs', { token: false })).status).toBe(404);
  });
});
