/**
 * Load: 100,000 seeded jobs in a database file, the reference server on 127.0.0.1, and
 * autocannon (in a worker thread, so the server keeps this thread to itself) asking for
 * GET /v1/jobs with a status + branch filter over rotating pages, deep ones included, with
 * 50 connections for 5 s. Every answer must be a 2xx, with no errors and no timeouts. The
 * figures are printed, never asserted (they depend on the machine); the measured run, longer,
 * is `npm run bench -- --only server` (server_jobs_rps, server_jobs_p99_ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, closeServer, DEFAULT_PAGE_SIZE } from '../../server/app';
import { openDatabase, type Database } from '../../server/db';
import { seed } from '../../server/seed';
import { JobsResponse } from '../../src/contract';
import { TEST_REFERENCE_TIME } from '../support/server';

const JOBS = 100_000;
const CONNECTIONS = 50;
const SECONDS = 5;
const TOKEN = 'load-test-token';

/** The part of autocannon's API used here (the package ships no types). */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  '2xx': number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  workers?: number;
  headers: Record<string, string>;
  requests: { method: 'GET'; path: string }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

let dir: string;
let db: Database;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-load-'));
  db = openDatabase(join(dir, 'load.db'));
  const started = performance.now();
  seed(db, { seed: 42, jobs: JOBS, referenceTime: TEST_REFERENCE_TIME });
  console.log(`seeded ${JOBS} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  app = buildServer({ db, tokens: [TOKEN] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  if (app) await closeServer(app, 1000);
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`GET /v1/jobs under load (${JOBS} jobs, ${CONNECTIONS} connections, ${SECONDS} s)`, () => {
  it('answers every request with a 2xx: no errors, no timeouts', async () => {
    // The busiest branch and its most common status: the filter with the most pages.
    const { branch, status, total } = db
      .prepare(
        `SELECT branch_id AS branch, status, count(*) AS total FROM jobs
         GROUP BY branch_id, status ORDER BY total DESC LIMIT 1`,
      )
      .get() as { branch: string; status: number; total: number };
    const lastPage = Math.ceil(total / DEFAULT_PAGE_SIZE);
    const filter = `/v1/jobs?status=${status}&branch_id=${encodeURIComponent(branch)}`;

    // Shallow pages, pages spread down to the last one, and one past the end (an empty page).
    const pages = [
      ...Array.from({ length: 10 }, (_, i) => i + 1),
      ...Array.from({ length: 20 }, (_, i) => Math.max(1, Math.round(((i + 1) * lastPage) / 20))),
      lastPage + 1,
    ];
    const check = await fetch(`${base}${filter}&page=${lastPage}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const lastBody = JobsResponse.parse(await check.json());
    expect(lastBody).toMatchObject({ total_records: total, total_pages: lastPage, page: lastPage });
    expect(lastBody.jobs.length).toBeGreaterThan(0);

    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      workers: 1,
      headers: { authorization: `Bearer ${TOKEN}` },
      requests: pages.map((page) => ({ method: 'GET', path: `${filter}&page=${page}` })),
    });

    console.log(
      `GET ${filter}&page=1..${lastPage + 1} (${total} matching jobs, ${lastPage} pages of ${DEFAULT_PAGE_SIZE})`,
    );
    console.table([
      {
        requests: result.requests.total,
        'req/s (mean)': Math.round(result.requests.average),
        'latency p50 ms': result.latency.p50,
        'latency p99 ms': result.latency.p99,
        'latency max ms': result.latency.max,
        'MB/s (mean)': Number((result.throughput.average / 1e6).toFixed(1)),
        '2xx': result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
    ]);

    expect(result['2xx']).toBeGreaterThan(0);
    expect(result['2xx']).toBe(result.requests.total);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
  }, 120_000);
});
