import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { circle } from '../support/geo';
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

  it('answers 503 with the reason while the database is full, when a PUT answers 507 and saves nothing', async () => {
    const pages = server.db.pragma('page_count', { simple: true }) as number;
    server.db.pragma(`max_page_count = ${pages}`);
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(parseError(503, await health.json()).error.message).toBe(
        `The server has no room left to store changes (its disk or database is full) (${pages} pages, its limit)`,
      );
      const zones = Array.from({ length: 20 }, (_, i) => ({
        type: 'Feature',
        id: `full-${i}`,
        properties: { name: `Zone ${i}` },
        geometry: { type: 'Polygon', coordinates: [circle(-0.1 + i * 0.01, 51.5, 0.004, 200)] },
      }));
      const put = await fetch(`${server.url}/v1/branches/LDN-01`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          branch: { name: 'Not saved', delivery_zones: { type: 'FeatureCollection', features: zones } },
        }),
      });
      expect(put.status).toBe(507);
      expect(parseError(507, await put.json()).error).toEqual({
        code: 'insufficient_storage',
        message:
          'The server has no room left to store changes (its disk or database is full); nothing was saved. Try again once space is freed.',
        details: [],
      });
      expect((await getBranch(server, 'LDN-01'))!.name).not.toBe('Not saved');
    } finally {
      server.db.pragma('max_page_count = 1073741823');
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers 503 in the error format once the database is gone', async () => {
    server.db.close();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    parseError(503, await response.json());
  });
});
