import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { MEMORY, openDatabase } from '../../server/db';
import { seed } from '../../server/seed';
import { TEST_TOKEN, startTestServer, type TestServer } from '../support/server';
import { client, parseError, rawRequest } from './http';

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ jobs: 20 });
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

const putRaw = (body: string | Buffer, headers: Record<string, string>) =>
  rawRequest(`${server.url}/v1/branches/LDN-01`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.token}`, ...headers },
    body,
  });

describe('401: missing or unknown token', () => {
  const routes: [string, string][] = [
    ['GET', '/v1/jobs'],
    ['GET', '/v1/branches'],
    ['GET', '/v1/branches/LDN-01'],
    ['PUT', '/v1/branches/LDN-01'],
  ];
  // RFC 6750 §3.1: no token read from the request, the bare challenge; a token refused, invalid_token.
  const BARE = 'Bearer';
  const INVALID = 'Bearer error="invalid_token"';
  const credentials: [string, Record<string, string>, string][] = [
    ['no Authorization header', {}, BARE],
    ['an unknown token', { authorization: 'Bearer not-a-token' }, INVALID],
    [
      'a token that is a prefix of a valid one',
      { authorization: `Bearer ${TEST_TOKEN.slice(0, -1)}` },
      INVALID,
    ],
    ['a valid token with a suffix', { authorization: `Bearer ${TEST_TOKEN}x` }, INVALID],
    ['another scheme', { authorization: 'Basic dGVzdDp0ZXN0' }, BARE],
    ['Bearer without a token', { authorization: 'Bearer ' }, BARE],
  ];

  it.each(routes)('%s %s asks for a Bearer token', async (method, path) => {
    for (const [label, headers, challenge] of credentials) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: method === 'PUT' ? JSON.stringify({ branch: { name: 'x' } }) : undefined,
      });
      expect(response.status, label).toBe(401);
      expect(response.headers.get('www-authenticate'), label).toBe(challenge);
      parseError(401, await response.json());
    }
  });

  it('closes the connection when it refuses a request whose body it did not read', async () => {
    const response = await rawRequest(`${server.url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { formatted_address: 'x'.repeat(500_000) } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.connection).toBe('close');
  });

  it('accepts the scheme name in any case', async () => {
    const response = await fetch(`${server.url}/v1/branches`, {
      headers: { authorization: `bearer ${server.token}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('404 and 405', () => {
  it('404s an unknown route under /v1 in the error format', async () => {
    // (`/v1/jobs/12` is a job's own read, an extension: tests/server/job-actions.test.ts.)
    for (const path of ['/v1/nothing', '/v1', '/v2/jobs', '/v1/jobs/12/nothing']) {
      const response = await api.get(path);
      expect(response.status, path).toBe(404);
      parseError(404, await response.json());
    }
  });

  it.each([
    ['POST', '/v1/jobs', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/v1/jobs', 'GET, HEAD, OPTIONS'],
    ['PUT', '/v1/branches', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/v1/branches/LDN-01', 'GET, PUT, HEAD, OPTIONS'],
    ['PATCH', '/v1/branches/LDN-01', 'GET, PUT, HEAD, OPTIONS'],
  ])('405s %s %s with Allow: %s, whatever the body', async (method, path, allow) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'text/plain' },
      body: 'not json',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    parseError(405, await response.json());
  });
});

describe('400, 413, 415 on bad bodies: never a 5xx', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['malformed JSON', '{"branch": '],
    ['an empty body', ''],
    ['a __proto__ key', '{"__proto__": {"polluted": true}, "branch": {}}'],
    ['a constructor.prototype key', '{"branch": {"constructor": {"prototype": {"polluted": true}}}}'],
    ['an array', '[{"branch": {}}]'],
    ['a bare string', '"branch"'],
    ['null', 'null'],
    ['no branch key', '{}'],
    ['deep nesting (200k levels)', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
    [
      'deep objects inside properties',
      JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features: [] } } }).replace(
        '[]',
        `[${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}]`,
      ),
    ],
    ['a string of 900 KB', JSON.stringify({ branch: { name: 'x'.repeat(900_000) } })],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ])('%s → 400', async (_label, body) => {
    const response = await putRaw(body, json);
    expect(response.status).toBe(400);
    parseError(400, response.json());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body over 1 MiB → 413', async () => {
    const response = await putRaw(`{"branch":{"name":"${'x'.repeat(1_048_576)}"}}`, json);
    expect(response.status).toBe(413);
    parseError(413, response.json());
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, '{"branch":{}}'],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }, 'branch=1'],
    ['a JSON-ish type', { 'content-type': 'application/merge-patch+json' }, '{"branch":{}}'],
    ['no content type and no body', {}, ''],
  ])('PUT with %s → 415', async (_label, headers, body) => {
    const response = await putRaw(body, headers);
    expect(response.status).toBe(415);
    parseError(415, response.json());
  });

  it('accepts application/json with a charset', async () => {
    const response = await putRaw('{"branch":{"name":"Charset"}}', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(200);
  });

  it('answers malformed HTTP and over-long path segments in the same format', async () => {
    const longId = await api.get(`/v1/branches/${'x'.repeat(500)}`);
    expect(longId.status).toBe(404);
    parseError(404, await longId.json());
    const tooLong = await api.get(`/v1/branches/${'x'.repeat(2000)}`);
    expect(tooLong.status).toBe(414);
    parseError(414, await tooLong.json());
    const garbage = await rawRequest(`${server.url}/v1/jobs`, {
      method: 'GET',
      headers: { 'transfer-encoding': 'chunked' },
      body: 'zz\r\n',
    });
    expect(garbage.status).toBe(400);
    parseError(400, garbage.json());
    const badEncoding = await api.get('/v1/branches/%E0%A4%A');
    expect(badEncoding.status).toBe(400);
    parseError(400, await badEncoding.json());
  });
});

describe('CORS', () => {
  it('answers preflights without a token', async () => {
    const response = await fetch(`${server.url}/v1/branches/LDN-01`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dashboard.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // POST: the job actions (an extension).
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, PUT, POST, OPTIONS');
    // If-Match (and If-Unmodified-Since): a save that must not overwrite a newer version;
    // If-None-Match and Last-Event-ID: a revalidated page, a resumed stream of changes.
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, If-Match, If-None-Match, If-Unmodified-Since, Last-Event-ID',
    );
  });

  it('lets other origins read responses, errors included', async () => {
    const ok = await api.get('/v1/jobs', { origin: 'https://dashboard.example' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    // The ETag of a branch, which a save sends back in If-Match, and the list's cursor of changes.
    const branch = await api.get('/v1/branches/LDN-01', { origin: 'https://dashboard.example' });
    expect(branch.headers.get('access-control-expose-headers')).toBe('ETag, Changes-Cursor');
    const denied = await fetch(`${server.url}/v1/jobs`, { headers: { origin: 'https://dashboard.example' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('request log', () => {
  it('writes one line per request with method, URL, status and time, and never the token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const db = openDatabase(MEMORY);
    seed(db, { seed: 1, jobs: 5, referenceTime: 1_767_225_600 });
    const token = 'very-secret-token-value';
    const app = buildServer({ db, tokens: [token], logger: { level: 'info', stream } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      lines.length = 0; // drop the "listening" line
      await fetch(`${base}/v1/jobs?status=7&access_token=${token}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await fetch(`${base}/v1/branches/NOPE`, { headers: { authorization: `Bearer ${token}` } });
      await fetch(`${base}/v1/jobs`, { headers: { authorization: 'Bearer wrong-token' } });
    } finally {
      await app.close();
      db.close();
    }
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^GET \/v1\/jobs\?status=7&access_token=\*\*\* 400 \d+\.\dms$/);
    expect(messages[1]).toMatch(/^GET \/v1\/branches\/NOPE 404 \d+\.\dms$/);
    expect(messages[2]).toMatch(/^GET \/v1\/jobs 401 /);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('wrong-token');
  });
});
