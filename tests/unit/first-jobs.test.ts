import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirstJobsScanner, STREAM_FROM_BYTES, readFirstPage } from '../../src/features/jobs/first-jobs';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The scanner that cuts a big page's first jobs out of its body while it arrives
 * (src/features/jobs/first-jobs.ts), on the reference server's pages and on JSON written to
 * trip it (quotes, backslashes and brackets inside strings, the totals before the jobs, nested
 * arrays), cut into chunks anywhere: it must hand out exactly the jobs JSON.parse sees.
 */

let server: TestServer;
let page: string;
/** The same page with its jobs four times over: longer than STREAM_FROM_BYTES. */
let bigPage: string;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
  const response = await fetch(`${server.url}/v1/jobs?page=1&branch_embed=summary`, {
    headers: { Authorization: `Bearer ${server.token}` },
  });
  page = await response.text();
  const parsed = JSON.parse(page) as { jobs: unknown[] };
  bigPage = JSON.stringify({ ...parsed, jobs: [...parsed.jobs, ...parsed.jobs, ...parsed.jobs, ...parsed.jobs] });
});
afterAll(async () => {
  await server.close();
});

const TRICKY = JSON.stringify({
  total_records: 3,
  page: 1,
  note: 'a "jobs": [ {"id": 0} ] string, and a \\ backslash',
  nested: { jobs: [{ id: -1 }] },
  jobs: [
    { id: 1, order_id: 'ORD-"}]', remarks: 'ends with a backslash \\', stops: [[1, 2], { a: '{' }] },
    { id: 2, order_id: '\\"', history: [] },
    { id: 3, emoji: '📦 ünïcödé', deep: { x: { y: [{ z: '}' }] } } },
  ],
  total_pages: 1,
});

/** The jobs the scanner hands out when `text` arrives cut at `cuts` (sorted positions). */
function scan(text: string, cuts: number[], limit = Infinity): unknown[] {
  const scanner = new FirstJobsScanner(limit);
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    scanner.push(text.slice(from, cut));
    from = cut;
  }
  return scanner.jobs.map((job) => JSON.parse(job) as unknown);
}

describe('FirstJobsScanner', () => {
  it("hands out a reference server page's jobs, whole", () => {
    const expected = (JSON.parse(page) as { jobs: unknown[] }).jobs;
    expect(expected.length).toBe(20);
    expect(scan(page, [])).toEqual(expected);
  });

  it('finds the same jobs wherever the body is cut, for JSON written to trip it', () => {
    const expected = (JSON.parse(TRICKY) as { jobs: unknown[] }).jobs;
    for (let cut = 0; cut <= TRICKY.length; cut++) expect(scan(TRICKY, [cut])).toEqual(expected);
    for (let size = 1; size <= 7; size++) {
      const cuts = Array.from({ length: Math.ceil(TRICKY.length / size) }, (_, i) => i * size);
      expect(scan(TRICKY, cuts)).toEqual(expected);
    }
  });

  it("finds a real page's jobs however it is cut into chunks", () => {
    const expected = (JSON.parse(page) as { jobs: unknown[] }).jobs;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: page.length - 1 }), { maxLength: 40 }), (cuts) => {
        expect(scan(page, cuts.sort((a, b) => a - b))).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('stops at its limit, with the first jobs in order', () => {
    const expected = (JSON.parse(page) as { jobs: unknown[] }).jobs.slice(0, 5);
    const scanner = new FirstJobsScanner(5);
    scanner.push(page);
    expect(scanner.full).toBe(true);
    expect(scanner.jobs.map((job) => JSON.parse(job) as unknown)).toEqual(expected);
  });

  it('hands out nothing for a body that is not a jobs page', () => {
    expect(scan('[{"id":1},{"id":2}]', [])).toEqual([]);
    expect(scan('{"items":[{"id":1}]}', [5])).toEqual([]);
    expect(scan('<html><body>{"jobs":[]}</body></html>', [])).toEqual([]);
  });
});

/** A response whose body arrives in `chunk`-byte pieces; `pulled` counts those read. */
function streamed(text: string, chunk: number, headers: Record<string, string> = {}) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const counter = { pulled: 0, total: Math.ceil(bytes.length / chunk) };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += chunk)));
      counter.pulled++;
    },
  });
  return { response: new Response(body, { headers }), counter };
}

describe('readFirstPage', () => {
  it('reads a page announced as small whole, with its totals', async () => {
    const read = await readFirstPage(new Response(page, { headers: { 'Content-Length': String(page.length) } }), 1, 5);
    expect(read?.partial).toBe(false);
    expect(read?.data.jobs.map((j) => j.id)).toEqual((JSON.parse(page) as { jobs: { id: number }[] }).jobs.map((j) => j.id));
    expect(read?.data.total_records).toBe(60);
  });

  it('reads a small page of unknown length whole, however it arrives', async () => {
    const { response } = streamed(page, 1000);
    const read = await readFirstPage(response, 1, 5);
    expect(read?.partial).toBe(false);
    expect(read?.data.jobs).toHaveLength(20);
    expect(read?.data.total_pages).toBe(3);
  });

  it('cuts the first jobs out of a big body while it arrives, and stops reading it', async () => {
    expect(bigPage.length).toBeGreaterThan(STREAM_FROM_BYTES);
    const expected = (JSON.parse(bigPage) as { jobs: { id: number }[] }).jobs.slice(0, 7).map((j) => j.id);
    for (const headers of [{}, { 'Content-Length': String(bigPage.length) }] as Record<string, string>[]) {
      const { response, counter } = streamed(bigPage, 16 * 1024, headers);
      const read = await readFirstPage(response, 2, 7);
      expect(read?.partial).toBe(true);
      expect(read?.data.page).toBe(2);
      expect(read?.data.jobs.map((j) => j.id)).toEqual(expected);
      expect(counter.pulled).toBeLessThan(counter.total); // the rest is left to the app's own copy
      // Announced as big, it is painted from its first jobs; of unknown length, from 256 KiB on.
      if ('Content-Length' in headers) expect(counter.pulled * 16 * 1024).toBeLessThan(STREAM_FROM_BYTES / 2);
      else expect(counter.pulled * 16 * 1024).toBeGreaterThanOrEqual(STREAM_FROM_BYTES);
    }
  });

  it('decodes characters split between chunks', async () => {
    const parsed = JSON.parse(page) as { jobs: { order_id: string }[] };
    parsed.jobs[0]!.order_id = 'Zürich 📦 – ünïcödé';
    const text = JSON.stringify(parsed);
    for (const size of [1, 2, 3, 7]) {
      const read = await readFirstPage(streamed(text, size).response, 1, 5);
      expect(read?.data.jobs[0]!.order_id).toBe('Zürich 📦 – ünïcödé');
    }
  });

  it('gives nothing for a body the contract refuses', async () => {
    const refused = JSON.stringify({ jobs: [{ id: 'not a number' }], page: 1, total_pages: 1, total_records: 1 });
    expect(await readFirstPage(new Response(refused), 1, 5)).toBeUndefined();
  });
});
