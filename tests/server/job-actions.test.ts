/**
 * Job actions, an optional extension of the reference server (server/routes/job-actions.ts):
 * each action over real HTTP, its If-Match guard (412, 428), its permissions (the jobs:write
 * scope and branch limits, static tokens and an identity provider's), its history entry, and
 * every answer checked against the OpenAPI document the server serves.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobResponse, JobsResponse } from '../../src/contract';
import { readConfig } from '../../server/config';
import { Random } from '../../server/random';
import { simulateStep } from '../../server/simulate';
import { TEST_REFERENCE_TIME, TEST_TOKEN, startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest, type RawResponse } from './http';
import { documentChecker } from './openapi-check';

const AUDIENCE = 'dispatch-api';

let server: TestServer;
let checker: ReturnType<typeof documentChecker>;
let idp: Server;
let issuer: string;
let privateKey: CryptoKey;

/** Static tokens: one without limits (TEST_TOKEN), one read-only, one limited to London's jobs. */
const TOKENS = `${TEST_TOKEN}, floor-token read-only, london-token branches=LDN-01`;

beforeAll(async () => {
  const keys = await generateKeyPair('RS256');
  privateKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  idp = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url === '/.well-known/openid-configuration')
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    else response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((done) => idp.listen(0, '127.0.0.1', done));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  // 13:00 UTC: the day's work under way in Europe, so there are jobs in every status.
  server = await startTestServer({
    jobs: 300,
    referenceTime: TEST_REFERENCE_TIME + 13 * 3600,
    tokens: readConfig({ API_TOKENS: TOKENS }).tokens,
    oidc: { issuer, audience: AUDIENCE },
  });
  checker = documentChecker(
    (await rawRequest(`${server.url}/v1/openapi.json`)).json() as Record<string, unknown>,
  );
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((done) => idp.close(() => done()));
});

const now = () => Math.floor(Date.now() / 1000);

function jwt(claims: JWTPayload): Promise<string> {
  return new SignJWT({ aud: AUDIENCE, iss: issuer, exp: now() + 300, iat: now(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
    .sign(privateKey);
}

/** The id of a job in `status` (of `branch`, when given) that no test has acted on yet. */
const used = new Set<number>();
function jobIn(status: number, branch?: string, where = '1'): number {
  const rows = server.db
    .prepare(
      `SELECT id FROM jobs WHERE status = ? ${branch ? 'AND branch_id = ?' : ''} AND ${where} ORDER BY id`,
    )
    .pluck()
    .all(...(branch ? [status, branch] : [status])) as number[];
  const id = rows.find((candidate) => !used.has(candidate));
  if (id === undefined) throw new Error(`no job left in status ${status}${branch ? ` at ${branch}` : ''}`);
  used.add(id);
  return id;
}

/** Sends a request and checks its answer against the document (`documented`: its path there). */
async function call(
  method: string,
  documented: string,
  path: string,
  options: { token?: string; ifMatch?: string; body?: unknown } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? TEST_TOKEN}` };
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await rawRequest(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  checker.expectDocumented(method, documented, response);
  return response;
}

async function read(id: number, token?: string) {
  const response = await call('GET', '/v1/jobs/{id}', `/v1/jobs/${id}`, { token });
  expect(response.status, response.text).toBe(200);
  return { ...JobResponse.parse(response.json()), etag: response.headers.etag as string };
}

const act = (id: number, action: string, body: unknown, ifMatch?: string, token?: string) =>
  call('POST', `/v1/jobs/{id}/${action}`, `/v1/jobs/${id}/${action}`, { body, ifMatch, token });

const TOKEN_ACTOR = { user_type: 'api', user_name: 'API client', user_id: expect.stringMatching(/^token-/) };

describe('reading a job', () => {
  it('answers the job as listed, with its ETag and the actions it offers', async () => {
    const id = jobIn(6);
    const { job, actions, etag } = await read(id);
    expect(etag).toMatch(/^"/);
    const listed = JobsResponse.parse(
      (
        await rawRequest(`${server.url}/v1/jobs?status=6`, {
          headers: { authorization: `Bearer ${TEST_TOKEN}` },
        })
      ).json(),
    ).jobs.find((candidate) => candidate.id === id);
    expect(job).toEqual(listed);
    expect(job.next_status).toEqual([7, 8]);
    // In transit: a status to move to, stops to move, a remark; no rider change, no cancel.
    expect(actions).toEqual({ allowed: ['status', 'stop_status', 'remark'] });
    const created = await read(jobIn(1));
    expect(created.actions.allowed).toEqual(['status', 'stop_status', 'reassign', 'remark', 'cancel']);
  });

  it('is 404 for an unknown job, and says why a sign-in may do nothing', async () => {
    expect((await call('GET', '/v1/jobs/{id}', '/v1/jobs/999999')).status).toBe(404);
    expect((await call('GET', '/v1/jobs/{id}', '/v1/jobs/abc')).status).toBe(404);
    const readOnly = await read(jobIn(3), 'floor-token');
    expect(readOnly.actions).toEqual({ allowed: [], refused: expect.stringContaining('jobs:write') });
    const elsewhere = await read(jobIn(3, 'MAN-01'), 'london-token');
    expect(elsewhere.actions.allowed).toEqual([]);
    expect(elsewhere.actions.refused).toContain('LDN-01 only');
  });
});

describe('each action', () => {
  it('moves a job to a status its next_status offers, recorded with who did it', async () => {
    const id = jobIn(6);
    const before = await read(id);
    const response = await act(id, 'status', { status: 7, remarks: 'Confirmed by phone' }, before.etag);
    expect(response.status, response.text).toBe(200);
    const { job } = JobResponse.parse(response.json());
    expect(job.status).toBe(7);
    expect(job.updated_at).toBeGreaterThanOrEqual(now() - 5);
    expect(job.status_history.at(-1)).toEqual({
      status: 7,
      remarks: 'Confirmed by phone',
      created_by: TOKEN_ACTOR,
      created_at: job.updated_at,
    });
    expect(response.headers.etag).not.toBe(before.etag);
    // The list (its cached pages) shows the change.
    const listed = JobsResponse.parse(
      (
        await rawRequest(`${server.url}/v1/jobs?status=7&page=1`, {
          headers: { authorization: `Bearer ${TEST_TOKEN}` },
        })
      ).json(),
    );
    expect(listed.total_records).toBeGreaterThan(0);
    expect((await read(id)).job.status).toBe(7);
  });

  it('refuses a status next_status does not offer, naming what it offers (409)', async () => {
    const id = jobIn(6);
    const { etag, job } = await read(id);
    const response = await act(id, 'status', { status: 1 }, etag);
    expect(response.status).toBe(409);
    expect(parseError(409, response.json()).error.message).toBe(
      `Job ${id} is In transit (6): it can move to Delivered (7) or Failed (8), not Created (1). Nothing was changed.`,
    );
    const delivered = await read(jobIn(7));
    const final = await act(delivered.job.id, 'status', { status: 6 }, delivered.etag);
    expect(final.status).toBe(409);
    expect(parseError(409, final.json()).error.message).toContain('no status change is offered');
    expect((await read(id)).job).toEqual(job);
  });

  it('moves a delivery to a status its next_status offers; the job stays where it is', async () => {
    const id = jobIn(
      6,
      undefined,
      'EXISTS (SELECT 1 FROM deliveries d WHERE d.job_id = jobs.id AND d.status = 6)',
    );
    const before = await read(id);
    const delivery = before.job.deliveries.find((stop) => stop.status === 6)!;
    const path = `deliveries/${delivery.id}/status`;
    const response = await call(
      'POST',
      '/v1/jobs/{id}/deliveries/{stopId}/status',
      `/v1/jobs/${id}/${path}`,
      {
        body: { status: 8, remarks: 'Nobody home' },
        ifMatch: before.etag,
      },
    );
    expect(response.status, response.text).toBe(200);
    const { job } = JobResponse.parse(response.json());
    const moved = job.deliveries.find((stop) => stop.id === delivery.id)!;
    expect(moved.status).toBe(8);
    expect(moved.next_status).toEqual([6, 10]);
    expect(moved.status_history.at(-1)).toMatchObject({
      status: 8,
      remarks: 'Nobody home',
      created_by: TOKEN_ACTOR,
    });
    expect(job.status).toBe(6);
    expect(job.updated_at).toBeGreaterThan(before.job.updated_at);
    const refused = await call('POST', '/v1/jobs/{id}/deliveries/{stopId}/status', `/v1/jobs/${id}/${path}`, {
      body: { status: 1 },
      ifMatch: response.headers.etag as string,
    });
    expect(refused.status).toBe(409);
    expect(parseError(409, refused.json()).error.message).toContain(
      'it can move to In transit (6) or Returned (10)',
    );
    const unknown = await call(
      'POST',
      '/v1/jobs/{id}/pickups/{stopId}/status',
      `/v1/jobs/${id}/pickups/1/status`,
      {
        body: { status: 4 },
        ifMatch: response.headers.etag as string,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('reassigns the rider, moving the job to Assigned', async () => {
    const id = jobIn(3);
    const before = await read(id);
    const other = server.db
      .prepare('SELECT id, name FROM riders WHERE id <> ? ORDER BY id LIMIT 1')
      .get(before.job.rider!.id) as {
      id: number;
      name: string;
    };
    const response = await act(id, 'rider', { rider_id: other.id }, before.etag);
    expect(response.status, response.text).toBe(200);
    const { job } = JobResponse.parse(response.json());
    expect(job.rider?.id).toBe(other.id);
    expect(job.status).toBe(2);
    expect(job.status_history.at(-1)).toMatchObject({
      status: 2,
      remarks: expect.stringContaining(`Assigned to ${other.name}`),
      created_by: TOKEN_ACTOR,
    });
    const again = await act(id, 'rider', { rider_id: other.id }, response.headers.etag as string);
    expect(again.status).toBe(409);
    const unknown = await act(id, 'rider', { rider_id: 987654 }, response.headers.etag as string);
    expect(unknown.status).toBe(400);
    expect(parseError(400, unknown.json()).error.details).toEqual([
      { path: 'rider_id', message: 'No rider has this id' },
    ]);
    const underway = await read(jobIn(6));
    const late = await act(underway.job.id, 'rider', { rider_id: other.id }, underway.etag);
    expect(late.status).toBe(409);
    expect(parseError(409, late.json()).error.message).toContain('only while Assigned (2) is offered');
  });

  it('adds a remark at the job’s current status', async () => {
    const id = jobIn(4);
    const before = await read(id);
    const response = await act(id, 'remarks', { remarks: '  Customer asked to call first  ' }, before.etag);
    expect(response.status, response.text).toBe(200);
    const { job } = JobResponse.parse(response.json());
    expect(job.status).toBe(4);
    expect(job.status_history).toHaveLength(before.job.status_history.length + 1);
    expect(job.status_history.at(-1)).toMatchObject({ status: 4, remarks: 'Customer asked to call first' });
    const empty = await act(id, 'remarks', { remarks: ' ' }, response.headers.etag as string);
    expect(empty.status).toBe(400);
    expect(parseError(400, empty.json()).error.details).toEqual([
      { path: 'remarks', message: 'Write a remark' },
    ]);
  });

  it('cancels a job and its open stops', async () => {
    const id = jobIn(2);
    const before = await read(id);
    const response = await act(id, 'cancel', { remarks: 'Customer cancelled' }, before.etag);
    expect(response.status, response.text).toBe(200);
    const { job, actions } = JobResponse.parse(response.json());
    expect(job.status).toBe(9);
    expect(job.status_history.at(-1)).toMatchObject({
      status: 9,
      remarks: 'Customer cancelled',
      created_by: TOKEN_ACTOR,
    });
    for (const stop of [...job.pickups, ...job.deliveries]) expect(stop.status).toBe(9);
    expect(actions.allowed).toEqual(['remark']);
    const twice = await act(id, 'cancel', {}, response.headers.etag as string);
    expect(twice.status).toBe(409);
    expect(parseError(409, twice.json()).error.message).toContain('Cancelled (9)');
  });
});

describe('the If-Match guard', () => {
  it('a stale ETag is 412 and changes nothing', async () => {
    const id = jobIn(3);
    const first = await read(id);
    const remarked = await act(id, 'remarks', { remarks: 'First' }, first.etag);
    expect(remarked.status).toBe(200);
    // A second action chosen on the version before the first: refused, nothing written.
    const stale = await act(id, 'cancel', { remarks: 'Second' }, first.etag);
    expect(stale.status).toBe(412);
    expect(parseError(412, stale.json()).error.message).toContain('nothing was changed');
    const after = await read(id);
    expect(after.job.status).toBe(3);
    expect(after.job.status_history.at(-1)?.remarks).toBe('First');
    expect(after.etag).toBe(remarked.headers.etag);
  });

  it('no If-Match (or * alone) is 428, before the body is read', async () => {
    const id = jobIn(3);
    const { job } = await read(id);
    for (const ifMatch of [undefined, '*']) {
      const response = await act(id, 'cancel', {}, ifMatch);
      expect(response.status).toBe(428);
      expect(parseError(428, response.json()).error.message).toContain('If-Match');
    }
    expect(
      (
        await rawRequest(`${server.url}/v1/jobs/${id}/cancel`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
          body: '{"remarks": ',
        })
      ).status,
    ).toBe(428);
    expect((await read(id)).job).toEqual(job);
  });
});

describe('permissions', () => {
  it('a read-only token is 403 before the job is looked up', async () => {
    const id = jobIn(3);
    const { etag, job } = await read(id);
    for (const target of [id, 999999]) {
      const response = await act(target, 'cancel', {}, etag, 'floor-token');
      expect(response.status).toBe(403);
      expect(parseError(403, response.json()).error.message).toContain('needs the jobs:write permission');
    }
    expect((await read(id)).job).toEqual(job);
  });

  it('branches= acts on its branch’s jobs only', async () => {
    const outside = await read(jobIn(3, 'MAN-01'));
    const refused = await act(
      outside.job.id,
      'remarks',
      { remarks: 'Not mine' },
      outside.etag,
      'london-token',
    );
    expect(refused.status).toBe(403);
    expect(parseError(403, refused.json()).error.message).toContain('branches LDN-01 only');
    expect((await read(outside.job.id)).etag).toBe(outside.etag);
    const inside = await read(jobIn(3, 'LDN-01'));
    const done = await act(inside.job.id, 'remarks', { remarks: 'Mine' }, inside.etag, 'london-token');
    expect(done.status, done.text).toBe(200);
  });

  it('an identity provider’s token: jobs:write and branch_ids, recorded by its sub and name', async () => {
    const supervisor = await jwt({ sub: 'u-sam', name: 'Sam Supervisor', scope: 'openid jobs:write' });
    const managerOnly = await jwt({ sub: 'u-mia', name: 'Mia Manager', scope: 'branches:write' });
    const limited = await jwt({ sub: 'u-lee', scope: 'jobs:write', branch_ids: ['LDN-01'] });
    const id = jobIn(3, 'MAN-01');
    const { etag } = await read(id, supervisor);
    expect((await act(id, 'remarks', { remarks: 'x' }, etag, managerOnly)).status).toBe(403);
    expect((await act(id, 'remarks', { remarks: 'x' }, etag, limited)).status).toBe(403);
    const response = await act(id, 'remarks', { remarks: 'Called the rider' }, etag, supervisor);
    expect(response.status, response.text).toBe(200);
    expect(JobResponse.parse(response.json()).job.status_history.at(-1)).toMatchObject({
      remarks: 'Called the rider',
      created_by: { user_type: 'user', user_id: 'u-sam', user_name: 'Sam Supervisor' },
    });
  });
});

describe('the simulation', () => {
  it('does not undo an action: a delivery marked failed is not delivered by the plan later', async () => {
    const ids = server.db
      .prepare(
        `SELECT d.id AS delivery, d.job_id AS job FROM deliveries d JOIN jobs j ON j.id = d.job_id
         WHERE j.status = 6 AND d.status = 6 ORDER BY d.id LIMIT 6`,
      )
      .all() as { delivery: number; job: number }[];
    expect(ids.length).toBeGreaterThan(2);
    for (const { delivery, job } of ids) {
      const { etag } = await read(job);
      const response = await call(
        'POST',
        '/v1/jobs/{id}/deliveries/{stopId}/status',
        `/v1/jobs/${job}/deliveries/${delivery}/status`,
        { body: { status: 8, remarks: 'Held at the depot' }, ifMatch: etag },
      );
      expect(response.status, response.text).toBe(200);
    }
    // Six hours of the operation run forward: each delivery's plan had it delivered.
    simulateStep(server.db, TEST_REFERENCE_TIME + 19 * 3600, new Random(1));
    const statuses = ids.map(
      ({ delivery }) =>
        server.db.prepare('SELECT status FROM deliveries WHERE id = ?').pluck().get(delivery) as number,
    );
    expect(statuses.filter((status) => status === 7)).toEqual([]);
  });
});

describe('switched off', () => {
  it('answers 404 on every path of the extension, and the document leaves them out', async () => {
    const bare = await startTestServer({ jobs: 5, jobActions: false });
    try {
      const auth = { authorization: `Bearer ${TEST_TOKEN}` };
      expect((await rawRequest(`${bare.url}/v1/jobs/1`, { headers: auth })).status).toBe(404);
      const post = await rawRequest(`${bare.url}/v1/jobs/1/cancel`, {
        method: 'POST',
        headers: { ...auth, 'if-match': '"x"', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(post.status).toBe(404);
      const doc = (await rawRequest(`${bare.url}/v1/openapi.json`)).json() as {
        paths: Record<string, unknown>;
      };
      // The job's own paths (`/v1/jobs/{id}...`) are left out; the extension for scale stays.
      expect(Object.keys(doc.paths).filter((path) => path.startsWith('/v1/jobs/{'))).toEqual([]);
      expect(Object.keys(doc.paths)).toContain('/v1/jobs/changes');
      expect((await rawRequest(`${bare.url}/v1/jobs`, { headers: auth })).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
