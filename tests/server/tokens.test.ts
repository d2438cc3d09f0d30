/**
 * Access tokens: compared in constant time, asked for with `WWW-Authenticate: Bearer` (with
 * `error="invalid_token"` when one was refused), never taken from the URL and never written to
 * the request log. (The basic 401 cases of every route are in errors.test.ts.)
 */
import * as crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../server/app';
import { bearerAuth, tokenDigest, tokenMatches } from '../../server/auth';
import { MEMORY, openDatabase } from '../../server/db';
import { ApiError } from '../../server/errors';
import { seed } from '../../server/seed';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest } from './http';

// Calls go through to the real function; the spy records what the auth module compares.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

beforeEach(() => {
  timingSafeEqual.mockClear();
});

/** Every comparison was of two 32-byte digests, never of the tokens' own bytes. */
function expectDigestComparisons(times: number, ...tokens: string[]): void {
  expect(timingSafeEqual).toHaveBeenCalledTimes(times);
  for (const [a, b] of timingSafeEqual.mock.calls) {
    for (const side of [a, b]) {
      expect(Buffer.isBuffer(side)).toBe(true);
      expect((side as Buffer).length).toBe(32);
      for (const token of tokens) expect((side as Buffer).equals(Buffer.from(token))).toBe(false);
    }
  }
}

describe('constant-time comparison (server/auth.ts)', () => {
  const known = 'k3y-0f-exactly-this-length';

  it.each([
    ['the same token', true, known],
    ['a token of the same length differing in the last character', false, `${known.slice(0, -1)}X`],
    ['a token of the same length differing in the first character', false, `X${known.slice(1)}`],
    ['a prefix of the token', false, known.slice(0, 5)],
    ['the token with a suffix', false, `${known}-and-more`],
    ['an empty string', false, ''],
    ['a much longer token', false, 'x'.repeat(10_000)],
    ['the same characters in another Unicode form', false, known.replace('e', 'e\u0301')],
  ])('%s → %s, through timingSafeEqual on two SHA-256 digests', (_label, expected, presented) => {
    expect(tokenMatches(presented, tokenDigest(known))).toBe(expected);
    expectDigestComparisons(1, presented, known);
  });

  it('compares against every known token, with no early exit on a match', async () => {
    const tokens = ['first-token', 'second-token-longer', 'third'];
    const hook = bearerAuth(tokens);
    const request = (authorization: string) => ({ headers: { authorization } }) as unknown as FastifyRequest;

    const first = request('Bearer first-token');
    await hook(first);
    expect(first.actor).toMatchObject({
      user_type: 'api',
      user_id: `token-${tokenDigest('first-token').toString('hex').slice(0, 8)}`,
    });
    expectDigestComparisons(3, ...tokens);

    timingSafeEqual.mockClear();
    await expect(hook(request('Bearer not-any-of-them'))).rejects.toMatchObject({
      constructor: ApiError,
      statusCode: 401,
    });
    expectDigestComparisons(3, ...tokens, 'not-any-of-them');
  });

  it('never accepts an empty configured token', async () => {
    const hook = bearerAuth(['', 'real-token']);
    await expect(
      hook({ headers: { authorization: 'Bearer ' } } as unknown as FastifyRequest),
    ).rejects.toBeInstanceOf(ApiError);
    expectDigestComparisons(0);
  });
});

describe('401 answers carry WWW-Authenticate: Bearer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs: 5 });
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, headers: Record<string, string>) =>
    rawRequest(`${server.url}${path}`, { headers });

  // Decisions: the scheme name is case-insensitive (RFC 7235 §2.1), one or more spaces follow it
  // (RFC 7235: 1*SP), and the token is one token68 word; anything else is refused. Where no
  // token can be read, the challenge is bare (RFC 6750 §3.1: no error code).
  it.each([
    ['Bearer with no space and no token', () => 'Bearer'],
    ['Bearer followed by spaces only', () => 'Bearer    '],
    ['a tab instead of a space', (t: string) => `Bearer\t${t}`],
    ['two words after Bearer', (t: string) => `Bearer ${t} extra`],
    ['two credentials in one header', (t: string) => `Bearer ${t}, Bearer ${t}`],
    ['the token without a scheme', (t: string) => t],
    ['another scheme carrying the token', (t: string) => `Token ${t}`],
    ['Basic with the token as user name', (t: string) => `Basic ${Buffer.from(`${t}:`).toString('base64')}`],
  ])('%s → 401', async (_label, header) => {
    const response = await get('/v1/branches', { authorization: header(server.token) });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    parseError(401, response.json());
  });

  // A token was read and refused: the client is told to get another (RFC 6750 §3.1).
  it.each([
    ['a quoted token', (t: string) => `Bearer "${t}"`],
    ['an unknown token', () => 'Bearer 0123456789abcdef'],
  ])('%s → 401 invalid_token', async (_label, header) => {
    const response = await get('/v1/branches', { authorization: header(server.token) });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(parseError(401, response.json()).error.message).toBe('The access token is not valid');
  });

  it.each([
    ['lowercase bearer', (t: string) => `bearer ${t}`],
    ['uppercase BEARER', (t: string) => `BEARER ${t}`],
    ['several spaces', (t: string) => `Bearer   ${t}`],
    ['trailing white space', (t: string) => `Bearer ${t}  `],
  ])('%s is accepted', async (_label, header) => {
    expect((await get('/v1/branches', { authorization: header(server.token) })).status).toBe(200);
  });

  it('never takes the token from the URL', async () => {
    for (const name of ['access_token', 'token', 'authorization', 'api_key']) {
      const response = await get(`/v1/branches?${name}=${server.token}`, {});
      expect(response.status, name).toBe(401);
      expect(response.headers['www-authenticate'], name).toBe('Bearer');
    }
  });
});

describe('tokens never reach the request log', () => {
  const token = 'tok_9f3KxQ-live+secret/value=';
  const encoded = encodeURIComponent(token);
  const lines: string[] = [];
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const db = openDatabase(MEMORY);
    seed(db, { seed: 3, jobs: 5, referenceTime: TEST_REFERENCE_TIME });
    const app = buildServer({ db, tokens: ['other-token', token], logger: { level: 'trace', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      db.close();
    };
  });
  afterAll(async () => {
    await close();
  });

  // Names clients and proxies use for credentials in URLs, and the token where no name says so.
  const queries = [
    ...[
      'access_token',
      'ACCESS_TOKEN',
      'accessToken',
      'token',
      'id_token',
      'refresh_token',
      'api_key',
      'apiKey',
      'x-api-key',
      'key',
      'secret',
      'client_secret',
      'password',
      'auth',
      'authorization',
      'Authorization',
      'bearer',
      'jwt',
      'session',
      'sig',
      'access%5Ftoken',
    ].flatMap((name) => [`${name}=${encoded}`, `${name}=${token}`]),
    `authorization=Bearer%20${encoded}`,
    `status=7&access_token=${encoded}&access_token=${encoded}`,
    `branch_id=${encoded}`,
    `q=${encoded.replace(/%2F/g, '/')}`,
    `${encoded}`,
    `page=1&access_token=${encoded}#fragment`,
  ];

  it('neither from the Authorization header nor from token-looking query parameters', async () => {
    lines.length = 0;
    const headers = { authorization: `Bearer ${token}` };
    for (const query of queries) {
      await rawRequest(`${base}/v1/jobs?${query}`, { headers });
    }
    await rawRequest(`${base}/v1/branches/${encoded}`, { headers });
    await rawRequest(`${base}/v1/branches/LDN-01?${encoded}=1`, { headers });
    await rawRequest(`${base}/v1/jobs`, { headers: { authorization: `Bearer ${token}x` } });
    await rawRequest(`${base}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { formatted_address: token } }),
    });

    const requestLines = lines.filter((line) => /"msg":"(GET|PUT) /.test(line));
    expect(requestLines).toHaveLength(queries.length + 4);
    const log = lines.join('\n');
    for (const form of [token, encoded, token.replace(/\+/g, ' '), encodeURIComponent(encoded)]) {
      expect(log).not.toContain(form);
    }
    // The log still says what was asked: only the secret part is masked.
    expect(log).toMatch(/"msg":"GET \/v1\/jobs\?access_token=\*\*\* 400 /);
    expect(log).toMatch(/"msg":"GET \/v1\/jobs\?status=7&access_token=\*\*\*&access_token=\*\*\* 400 /);
    expect(log).toMatch(/"msg":"GET \/v1\/jobs\?branch_id=\*\*\* 200 /);
    expect(log).toMatch(/"msg":"GET \/v1\/branches\/\*\*\* 404 /);
  });
});
