/** Compression, ETags, conditional and HEAD requests on the API, seen on the wire (node:http, which does not decompress). */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { client, parseError, rawRequest, type RawResponse } from './http';

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...headers },
  });

function decoded(response: RawResponse): string {
  const coding = response.headers['content-encoding'];
  const bytes =
    coding === 'br'
      ? brotliDecompressSync(response.body)
      : coding === 'gzip'
        ? gunzipSync(response.body)
        : response.body;
  return bytes.toString('utf8');
}

describe('GET /v1/jobs: compression', () => {
  it('sends br or gzip as negotiated, the same JSON once decoded, and much smaller', async () => {
    const plain = await get('/v1/jobs?page=2');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['*', 'br'],
      ['deflate', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const response = await get('/v1/jobs?page=2', { 'accept-encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(coding);
      expect(response.headers.vary, accept).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length']), accept).toBe(response.body.length);
      expect(decoded(response), accept).toBe(plain.text);
      if (coding) expect(response.body.length, accept).toBeLessThan(plain.body.length / 4);
    }
  });

  it('keeps one ETag per coding, and private, no-cache', async () => {
    const tags = new Set<string>();
    for (const accept of ['identity', 'gzip', 'br']) {
      const response = await get('/v1/jobs', { 'accept-encoding': accept });
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      tags.add(response.headers.etag as string);
    }
    expect(tags.size).toBe(3);
  });
});

describe('GET /v1/jobs: conditional requests', () => {
  it('answers 304 without a body while the page is unchanged, 200 otherwise', async () => {
    const first = await get('/v1/jobs?status=7', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;

    const same = await get('/v1/jobs?status=7', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe('private, no-cache');

    for (const header of [`W/${etag}`, `"stale", ${etag}`, '*']) {
      expect(
        (await get('/v1/jobs?status=7', { 'accept-encoding': 'br', 'if-none-match': header })).status,
        header,
      ).toBe(304);
    }
    // The ETag of the br form does not stand for the gzip form, nor for another page.
    expect(
      (await get('/v1/jobs?status=7', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status,
    ).toBe(200);
    expect(
      (await get('/v1/jobs?status=7&page=2', { 'accept-encoding': 'br', 'if-none-match': etag })).status,
    ).toBe(200);
    expect(
      (await get('/v1/jobs?status=7', { 'accept-encoding': 'br', 'if-none-match': '"stale"' })).status,
    ).toBe(200);
  });

  it('changes the ETag when a write changes the page', async () => {
    const first = await get('/v1/jobs');
    const branchId = (JSON.parse(first.text) as { jobs: { pickups: { branch: { id: string } }[] }[] })
      .jobs[0]!.pickups[0]!.branch.id;
    const etag = first.headers.etag as string;
    expect((await get('/v1/jobs', { 'if-none-match': etag })).status).toBe(304);

    expect(
      (await api.put(`/v1/branches/${branchId}`, { branch: { name: 'Renamed for the ETag' } })).status,
    ).toBe(200);
    const after = await get('/v1/jobs', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.text).toContain('Renamed for the ETag');
  });
});

describe('HEAD /v1/jobs', () => {
  it('sends the headers of the GET and no body', async () => {
    for (const accept of ['identity', 'br']) {
      const getResponse = await get('/v1/jobs?page=3', { 'accept-encoding': accept });
      const head = await get('/v1/jobs?page=3', { 'accept-encoding': accept }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of [
        'content-type',
        'content-length',
        'content-encoding',
        'etag',
        'cache-control',
        'vary',
      ]) {
        expect(head.headers[name], `${accept} ${name}`).toBe(getResponse.headers[name]);
      }
      const conditional = await get(
        '/v1/jobs?page=3',
        { 'accept-encoding': accept, 'if-none-match': getResponse.headers.etag as string },
        'HEAD',
      );
      expect(conditional.status).toBe(304);
    }
  });

  it('needs the token as GET does', async () => {
    const response = await rawRequest(`${server.url}/v1/jobs`, { method: 'HEAD' });
    expect(response.status).toBe(401);
  });
});

describe('other JSON responses', () => {
  it('compresses a large one (the list of branches) as negotiated', async () => {
    const plain = await get('/v1/branches');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/v1/branches', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(decoded(br)).toBe(plain.text);
    const gzip = await get('/v1/branches/LDN-01', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse((await get('/v1/branches/LDN-01')).text));
  });

  it('sends a small one (an error) as it is', async () => {
    const response = await rawRequest(`${server.url}/v1/jobs`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
    parseError(401, response.json());
  });
});
