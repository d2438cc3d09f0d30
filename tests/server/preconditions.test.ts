/**
 * A branch's ETag and the conditions of a PUT on it (If-Match, If-Unmodified-Since), seen on the
 * wire (node:http: no decompression, headers as sent).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BranchResponse, BranchesResponse } from '../../src/contract';
import { startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest, type RawResponse } from './http';

let server: TestServer;

// PUT changes state: every test gets its own freshly seeded server.
beforeEach(async () => {
  server = await startTestServer({ jobs: 20 });
});
afterEach(async () => {
  await server.close();
});

function request(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<RawResponse> {
  return rawRequest(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const get = (id: string, headers: Record<string, string> = {}) =>
  request('GET', `/v1/branches/${id}`, headers);
const put = (id: string, branch: object, headers: Record<string, string> = {}) =>
  request('PUT', `/v1/branches/${id}`, headers, { branch });

async function etagOf(id: string): Promise<string> {
  const response = await get(id);
  expect(response.status).toBe(200);
  return response.headers.etag as string;
}

describe('the ETag of a branch', () => {
  it('is a strong tag on GET and HEAD, the same until a write, and given per branch in the list', async () => {
    const first = await get('LDN-01');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"\d+\.\d+"$/);
    expect((await get('LDN-01')).headers.etag).toBe(etag);
    const head = await request('HEAD', '/v1/branches/LDN-01');
    expect(head.headers.etag).toBe(etag);

    const list = await request('GET', '/v1/branches');
    const listed = (list.json() as { branches: { id: string; etag: string }[] }).branches;
    expect(BranchesResponse.safeParse(list.json()).success).toBe(true);
    expect(listed.find((b) => b.id === 'LDN-01')!.etag).toBe(etag);
    for (const branch of listed) expect(branch.etag).toBe(await etagOf(branch.id));
    // A tag names one branch's version: no two branches share one.
    expect(new Set(listed.map((b) => b.etag)).size).toBe(listed.length);
  });

  it('carries the coding of a compressed answer, as the pages of jobs do', async () => {
    const etag = await etagOf('LDN-01');
    const br = await get('LDN-01', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    const gzip = await get('LDN-01', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
  });

  it('changes on every write, several in one second too, and a PUT answers with the new one', async () => {
    const seen = new Set([await etagOf('BER-01')]);
    for (let i = 0; i < 5; i++) {
      const response = await put('BER-01', { name: `Berlin ${i}` });
      expect(response.status).toBe(200);
      const answered = response.headers.etag as string;
      expect(seen.has(answered)).toBe(false);
      seen.add(answered);
      expect(await etagOf('BER-01')).toBe(answered);
    }
  });
});

describe('PUT with If-Match', () => {
  it('saves over the version it names, and answers 412 over any other, changing nothing', async () => {
    const etag = await etagOf('AMS-01');
    const saved = await put('AMS-01', { name: 'Amsterdam Noord' }, { 'if-match': etag });
    expect(saved.status).toBe(200);
    expect(BranchResponse.parse(saved.json()).branch.name).toBe('Amsterdam Noord');

    const before = (await get('AMS-01')).text;
    const stale = await put('AMS-01', { name: 'Amsterdam Zuid', active: false }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    const { error } = parseError(412, stale.json());
    expect(error.code).toBe('precondition_failed');
    expect(error.message).toMatch(/^Branch "AMS-01" has changed since the version this request names/);
    expect((await get('AMS-01')).text).toBe(before);
  });

  it('compares strongly: a list naming the version, or its compressed form, matches; a weak tag never does', async () => {
    let etag = await etagOf('PAR-01');
    for (const [condition, status] of [
      [(tag: string) => `"0.0", ${tag}`, 200],
      [(tag: string) => `${tag.slice(0, -1)}-gzip"`, 200],
      [(tag: string) => `W/${tag}`, 412],
      [() => '"0.0"', 412],
      [() => '', 412],
    ] as const) {
      const header = condition(etag);
      const response = await put('PAR-01', { formatted_address: `Rue ${header}` }, { 'if-match': header });
      expect(response.status, header).toBe(status);
      if (status === 200) etag = response.headers.etag as string;
    }
  });

  it('with *, or without it, saves as before; an unknown branch is 404 whatever the condition', async () => {
    expect((await put('MAD-01', { name: 'Madrid 1' }, { 'if-match': '*' })).status).toBe(200);
    expect((await put('MAD-01', { name: 'Madrid 2' })).status).toBe(200);
    for (const condition of ['*', '"0.0"']) {
      const response = await put('NOPE-01', { name: 'x' }, { 'if-match': condition });
      expect(response.status, condition).toBe(404);
      parseError(404, response.json());
    }
  });

  it('checks the body first: an invalid one is 400 whatever the condition', async () => {
    const response = await put('LDN-01', { name: '' }, { 'if-match': '"0.0"' });
    expect(response.status).toBe(400);
  });

  it('follows a rename: the answer carries the ETag of the branch under its new id', async () => {
    const etag = await etagOf('LDN-01');
    const renamed = await put('LDN-01', { id: 'LDN-02' }, { 'if-match': etag });
    expect(renamed.status).toBe(200);
    const next = renamed.headers.etag as string;
    expect(next).not.toBe(etag);
    expect(await etagOf('LDN-02')).toBe(next);
    expect((await put('LDN-02', { name: 'London 2' }, { 'if-match': etag })).status).toBe(412);
    expect((await put('LDN-02', { name: 'London 2' }, { 'if-match': next })).status).toBe(200);
  });
});

describe('PUT with If-Unmodified-Since', () => {
  const httpDate = (seconds: number) => new Date(seconds * 1000).toUTCString();

  it('saves when the branch was not changed after that date, and is 412 otherwise', async () => {
    const updatedAt = BranchResponse.parse((await get('BER-01')).json()).branch.updated_at;
    const stale = await put(
      'BER-01',
      { name: 'Berlin Mitte' },
      { 'if-unmodified-since': httpDate(updatedAt - 1) },
    );
    expect(stale.status).toBe(412);
    parseError(412, stale.json());
    const fresh = await put(
      'BER-01',
      { name: 'Berlin Mitte' },
      { 'if-unmodified-since': httpDate(updatedAt) },
    );
    expect(fresh.status).toBe(200);
    // That save moved updated_at on: the same date no longer holds.
    const again = await put(
      'BER-01',
      { name: 'Berlin Wedding' },
      { 'if-unmodified-since': httpDate(updatedAt) },
    );
    expect(again.status).toBe(412);
  });

  it('is ignored when it is not a date, and when If-Match is there', async () => {
    expect((await put('BER-01', { name: 'Berlin 1' }, { 'if-unmodified-since': 'yesterday' })).status).toBe(
      200,
    );
    const etag = await etagOf('BER-01');
    const response = await put(
      'BER-01',
      { name: 'Berlin 2' },
      { 'if-match': etag, 'if-unmodified-since': httpDate(0) },
    );
    expect(response.status).toBe(200);
  });
});
