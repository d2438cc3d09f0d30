import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { parseError } from './http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 5 });
});
afterAll(async () => {
  await server.app.close();
  server.db.close();
});

describe('GET /healthz', () => {
  it('answers 200 without a token, never cached', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${server.url}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers 503 in the error format once the database is gone', async () => {
    server.db.close();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    parseError(503, await response.json());
  });
});
