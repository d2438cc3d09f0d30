import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, etagOf, fetchBranch, fetchJobs, updateBranch } from '../../src/api';

/** A real HTTP server that misbehaves in the ways a proxy, a crash or a network can. */
let server: Server;
let baseUrl: string;
const seen: { auth?: string; url?: string; ifMatch?: string } = {};
/** Every URL the 'strict' scenarios were asked for, in order. */
let strictUrls: string[] = [];

const validPage = { jobs: [], total_records: 0, page: 1, total_pages: 0 };

const storedBranch = {
  id: 'B1',
  name: 'Branch one',
  active: true,
  coordinates: { latitude: 51.5, longitude: -0.1 },
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
  contacts: [],
  delivery_zones: null,
};

/**
 * Branch versions: 'versioned' names them in ETag (`"v1"`, then `"v2"` once saved) and refuses
 * a PUT whose If-Match names another (412); 'weak' names them with a weak tag, 'plain' not at
 * all, and 'field' only in the body (an `etag` field that is not a header).
 */
function branchScenario(scenario: string, req: IncomingMessage, res: ServerResponse) {
  seen.ifMatch = req.headers['if-match'];
  const etag = { versioned: '"v1"', weak: 'W/"v1"' }[scenario];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  if (req.method === 'GET') {
    const branch = scenario === 'field' ? { ...storedBranch, etag: '"not-a-header"' } : storedBranch;
    return json(200, { branch }, etag ? { etag } : {});
  }
  if (seen.ifMatch !== undefined && seen.ifMatch !== '"v1"') {
    return json(412, {
      error: { code: 'precondition_failed', message: 'Branch "B1" has changed.', details: [] },
    });
  }
  return json(
    200,
    { branch: { ...storedBranch, name: 'Saved' } },
    etag ? { etag: etag.replace('v1', 'v2') } : {},
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.auth = req.headers.authorization;
    seen.url = req.url;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const scenario = path.split('/')[1];
    switch (scenario) {
      case 'ok':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(validPage));
        return;
      case 'strict':
      case 'strict-filters': {
        // A service that refuses parameters it does not know (the reference server's own
        // extension included); 'strict-filters' also refuses every filter.
        strictUrls.push(req.url ?? '');
        const refused = req.url?.includes('branch_embed=') || scenario === 'strict-filters';
        res
          .writeHead(refused ? 400 : 200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              refused
                ? { error: { code: 'invalid_request', message: 'Unknown parameter.', details: [] } }
                : validPage,
            ),
          );
        return;
      }
      case 'our-error':
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: {
              code: 'invalid_request',
              message: 'The branch is invalid.',
              details: [{ path: 'branch.name', message: 'Name is required' }],
            },
          }),
        );
        return;
      case 'unauthorized':
        res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      case 'renewable':
        // Takes only the renewed token.
        if (req.headers.authorization === 'Bearer renewed')
          return void res.writeHead(200).end(JSON.stringify(validPage));
        res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
        return;
      case 'html502':
        res
          .writeHead(502, { 'content-type': 'text/html' })
          .end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>nginx</body></html>');
        return;
      case 'text500':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('database is locked');
        return;
      case 'other-json':
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Down for maintenance' }));
        return;
      case 'truncated':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"jobs":[{"id":1,"order_id":"A');
        return;
      case 'bad-shape':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jobs: [{ id: 'seven' }], total_records: 1, page: 1, total_pages: 1 }));
        return;
      case 'versioned':
      case 'weak':
      case 'plain':
      case 'field':
        branchScenario(scenario, req, res);
        return;
      case 'stall':
        return; // never answers
      case 'drop':
        req.socket.destroy();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function failure(
  prefix: string,
  opts: { timeoutMs?: number; token?: string | null; onUnauthorized?: () => void } = {},
) {
  const client = createApiClient({
    baseUrl: `${baseUrl}/${prefix}`,
    getToken: () => (opts.token === undefined ? 'secret-token' : opts.token),
    timeoutMs: opts.timeoutMs ?? 2000,
    onUnauthorized: opts.onUnauthorized,
  });
  try {
    await fetchJobs(client, { page: 1 });
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('sends the Bearer token and the filters as a query string, and parses the answer', async () => {
    const client = createApiClient({ baseUrl: `${baseUrl}/ok`, getToken: () => 'abc' });
    const page = await fetchJobs(client, { page: 2, status: 3, branch_id: 'LDN-01', team_id: undefined });
    expect(page.total_pages).toBe(0);
    expect(seen.auth).toBe('Bearer abc');
    expect(seen.url).toBe('/ok/v1/jobs?page=2&status=3&branch_id=LDN-01&branch_embed=summary');
  });

  it('asks a service that refuses branch_embed once more without it, and not with it again in this tab', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    });
    try {
      strictUrls = [];
      const client = createApiClient({ baseUrl: `${baseUrl}/strict`, getToken: () => 'abc' });
      expect((await fetchJobs(client, { page: 1, status: 3 })).total_pages).toBe(0);
      expect(strictUrls).toEqual([
        '/strict/v1/jobs?page=1&status=3&branch_embed=summary',
        '/strict/v1/jobs?page=1&status=3',
      ]);
      await fetchJobs(client, { page: 2 });
      expect(strictUrls.at(-1)).toBe('/strict/v1/jobs?page=2');
      expect(strictUrls).toHaveLength(3);

      // A 400 for the filters themselves reaches the caller (after the one retry), and the
      // extension is not marked as refused by it.
      strictUrls = [];
      const filtersClient = createApiClient({ baseUrl: `${baseUrl}/strict-filters`, getToken: () => 'abc' });
      await expect(fetchJobs(filtersClient, { page: 1 })).rejects.toMatchObject({
        kind: 'http',
        status: 400,
        message: 'Unknown parameter.',
      });
      expect(strictUrls).toEqual([
        '/strict-filters/v1/jobs?page=1&branch_embed=summary',
        '/strict-filters/v1/jobs?page=1',
      ]);
      await fetchJobs(filtersClient, { page: 1 }).catch(() => undefined);
      expect(strictUrls[2]).toContain('branch_embed=summary');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the error format: message, code and details', async () => {
    const e = await failure('our-error');
    expect(e.kind).toBe('http');
    expect(e.status).toBe(400);
    expect(e.message).toBe('The branch is invalid.');
    expect(e.details).toEqual([{ path: 'branch.name', message: 'Name is required' }]);
    expect(e.retryable).toBe(false);
  });

  it('turns a 401 into an unauthorized error and tells the app', async () => {
    let told = 0;
    const e = await failure('unauthorized', { onUnauthorized: () => told++ });
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toMatch(/refused the sign-in token/);
    expect(told).toBe(1);
  });

  it('after a 401, renews the token once and sends the request again with it', async () => {
    let token = 'expired';
    const refused: (string | null)[] = [];
    let told = 0;
    const client = (renewTo: string | null) =>
      createApiClient({
        baseUrl: `${baseUrl}/renewable`,
        getToken: () => token,
        renew: async (stale) => {
          refused.push(stale);
          if (renewTo) token = renewTo;
          return renewTo !== null;
        },
        onUnauthorized: () => told++,
      });
    expect((await fetchJobs(client('renewed'), { page: 1 })).total_pages).toBe(0);
    expect(refused).toEqual(['expired']);
    expect(seen.auth).toBe('Bearer renewed');
    expect(told).toBe(0);

    // A renewed token refused again: no second renewal, and the app is told.
    token = 'expired';
    await expect(fetchJobs(client('also-refused'), { page: 1 })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(refused).toEqual(['expired', 'expired']);
    expect(told).toBe(1);
    // No renewal to be had: the app is told at once.
    token = 'expired';
    await expect(fetchJobs(client(null), { page: 1 })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(told).toBe(2);
  });

  it('explains an HTML error page from a proxy instead of showing markup', async () => {
    const e = await failure('html502');
    expect(e.status).toBe(502);
    expect(e.message).toMatch(/502 Bad Gateway with a web page instead of data/);
    expect(e.message).not.toMatch(/<html|nginx/i);
    expect(e.retryable).toBe(true);
  });

  it('quotes a plain-text error body', async () => {
    const e = await failure('text500');
    expect(e.message).toBe('The service answered 500 Internal Server Error: database is locked');
  });

  it('uses the message of another JSON error shape', async () => {
    const e = await failure('other-json');
    expect(e.message).toBe('Down for maintenance (503 Service Unavailable)');
  });

  it('says when a body was cut off', async () => {
    const e = await failure('truncated');
    expect(e.kind).toBe('invalid_json');
    expect(e.message).toMatch(/not valid JSON \(it may have been cut off\)/);
  });

  it('names the path when the data breaks the contract', async () => {
    const e = await failure('bad-shape');
    expect(e.kind).toBe('contract');
    expect(e.message).toMatch(/cannot read: at jobs\.0\.id/);
  });

  it('times out a stalled request with the limit in the message', async () => {
    const e = await failure('stall', { timeoutMs: 300 });
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('The service did not answer within 0.3 seconds. Try again.');
  });

  it('reports a dropped connection as a network failure naming the host', async () => {
    const e = await failure('drop');
    expect(e.kind).toBe('network');
    expect(e.message).toContain(`127.0.0.1:`);
    expect(e.retryable).toBe(true);
  });

  it('sends no Authorization header without a token', async () => {
    const client = createApiClient({ baseUrl: `${baseUrl}/ok`, getToken: () => null });
    await fetchJobs(client, {});
    expect(seen.auth).toBeUndefined();
  });
});

describe('branch versions (ETag)', () => {
  const clientOf = (scenario: string) =>
    createApiClient({ baseUrl: `${baseUrl}/${scenario}`, getToken: () => 'abc' });

  it('keeps the ETag a branch was read with, sends it in If-Match, and keeps the saved version’s', async () => {
    const client = clientOf('versioned');
    const branch = (await fetchBranch(client, 'B1'))!;
    expect(etagOf(branch)).toBe('"v1"');
    const saved = await updateBranch(client, 'B1', { name: 'Saved' }, { ifMatch: etagOf(branch) });
    expect(seen.ifMatch).toBe('"v1"');
    expect(saved.branch).toMatchObject({ id: 'B1', name: 'Saved', etag: '"v2"' });
  });

  it('sends no If-Match when the service named no version, or only a weak or in-body one', async () => {
    for (const scenario of ['plain', 'weak', 'field']) {
      const client = clientOf(scenario);
      const branch = (await fetchBranch(client, 'B1'))!;
      expect(etagOf(branch), scenario).toBeUndefined();
      const saved = await updateBranch(client, 'B1', { name: 'Saved' }, { ifMatch: etagOf(branch) });
      expect(seen.ifMatch, scenario).toBeUndefined();
      expect(etagOf(saved.branch as typeof branch), scenario).toBeUndefined();
    }
  });

  it('turns a refused If-Match into a 412 ApiError with the service’s message', async () => {
    const refused = updateBranch(clientOf('versioned'), 'B1', { name: 'Stale' }, { ifMatch: '"v0"' });
    await expect(refused).rejects.toMatchObject({
      kind: 'http',
      status: 412,
      code: 'precondition_failed',
      message: 'Branch "B1" has changed.',
    });
    expect(seen.ifMatch).toBe('"v0"');
  });
});
