/**
 * The optional extension for scale (server/routes/extensions.ts): list once with the list's
 * cursor, then follow the changes (pages or stream) with nothing missed; the search of all
 * jobs; big pages; 304s; and the switch that turns it all off (404, as an unknown path).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGES_CURSOR_HEADER,
  JobChangesResponse,
  JobSearchResponse,
  JobsResponse,
} from '../../src/contract';
import { ConfigError, readConfig } from '../../server/config';
import { Random } from '../../server/random';
import { simulateStep } from '../../server/simulate';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { client, parseError } from './http';

const JOBS = 1100;
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ jobs: JOBS });
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

async function listCursor(): Promise<string> {
  const response = await api.get('/v1/jobs');
  expect(response.status).toBe(200);
  const cursor = response.headers.get(CHANGES_CURSOR_HEADER);
  expect(cursor).toBeTruthy();
  return cursor!;
}

async function changesSince(cursor: string, limit = 500) {
  const response = await api.get(`/v1/jobs/changes?since=${encodeURIComponent(cursor)}&limit=${limit}`);
  expect(response.status).toBe(200);
  return JobChangesResponse.parse(await response.json());
}

/** Every change after `cursor`, page by page: the ids in order, and the cursor to go on from. */
async function allChangesSince(cursor: string, limit: number) {
  const ids: number[] = [];
  const cursors: string[] = [];
  let pages = 0;
  for (let next = cursor, more = true; more; pages++) {
    const page = await changesSince(next, limit);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    ids.push(...page.changes.map((change) => change.job.id));
    cursors.push(...page.changes.map((change) => change.cursor));
    next = page.next_cursor;
    more = page.has_more;
    cursor = next;
  }
  return { ids, cursors, next: cursor, pages };
}

/** The number a cursor stands for, to check order (the format is the server's own). */
const positionOf = (cursor: string) => Number(cursor.split('.')[1]);

/** A cursor before every change of this database (position 0 of its epoch). */
async function originCursor(): Promise<string> {
  return `${(await listCursor()).split('.')[0]}.0`;
}

describe('the changes read', () => {
  it('gives every job once, oldest change first, across pages, and ends at the clock', async () => {
    const { ids, cursors, pages, next } = await allChangesSince(await originCursor(), 300);
    expect(pages).toBe(Math.ceil(JOBS / 300));
    expect(new Set(ids).size).toBe(JOBS);
    expect(ids).toHaveLength(JOBS);
    const positions = cursors.map(positionOf);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(next).toBe(await listCursor());
    const after = await changesSince(next);
    expect(after).toEqual({ changes: [], next_cursor: next, has_more: false });
  });

  it('follows the simulated operation from the list cursor, the latest state of each job, nothing missed', async () => {
    const cursor = await listCursor();
    const before = new Map(
      (
        server.db.prepare('SELECT id, status, updated_at FROM jobs').all() as {
          id: number;
          status: number;
          updated_at: number;
        }[]
      ).map((row) => [row.id, `${row.status}:${row.updated_at}`]),
    );
    const step = simulateStep(server.db, TEST_REFERENCE_TIME + 9 * 3600, new Random(5));
    expect(step.changes + step.booked).toBeGreaterThan(0);
    const after = server.db.prepare('SELECT id, status, updated_at FROM jobs').all() as {
      id: number;
      status: number;
      updated_at: number;
    }[];
    const changedInDb = after.filter((row) => before.get(row.id) !== `${row.status}:${row.updated_at}`);
    expect(changedInDb.length).toBeGreaterThan(0);

    const { ids } = await allChangesSince(cursor, 7);
    // Every job the step touched is read (stops' changes count for their job), each once.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(changedInDb.map((row) => row.id)));
    const page = await changesSince(cursor, 1000);
    for (const { job } of page.changes) {
      const stored = after.find((row) => row.id === job.id)!;
      expect(job.status).toBe(stored.status);
    }
  });

  it('counts a rider’s position report as a change of that rider’s open jobs, and of no other job', async () => {
    const rider = server.db
      .prepare(
        `SELECT rider_id FROM jobs WHERE rider_id IS NOT NULL GROUP BY rider_id
         HAVING sum(status BETWEEN 1 AND 6) > 0 AND sum(status > 6) > 0 ORDER BY rider_id LIMIT 1`,
      )
      .pluck()
      .get() as number;
    const open = server.db
      .prepare('SELECT id FROM jobs WHERE rider_id = ? AND status BETWEEN 1 AND 6 ORDER BY id')
      .pluck()
      .all(rider) as number[];
    expect(open.length).toBeGreaterThan(0);
    const cursor = await listCursor();
    const at = TEST_REFERENCE_TIME + 600;
    server.db
      .prepare(
        'UPDATE riders SET last_latitude = 51.5123, last_longitude = -0.1234, updated_at = ? WHERE id = ?',
      )
      .run(at, rider);

    const { ids } = await allChangesSince(cursor, 2);
    expect([...ids].sort((a, b) => a - b)).toEqual(open);
    const page = await changesSince(cursor, 1000);
    for (const { job } of page.changes) {
      expect(job.rider?.last_coordinates).toEqual({ latitude: 51.5123, longitude: -0.1234 });
      expect(job.rider?.updated_at).toBe(at);
    }
  });

  it('counts a branch rename as a change of its jobs', async () => {
    const cursor = await listCursor();
    const [branchId] = server.db.prepare('SELECT branch_id FROM jobs LIMIT 1').pluck().all() as string[];
    const count = server.db
      .prepare('SELECT count(*) FROM jobs WHERE branch_id = ?')
      .pluck()
      .get(branchId) as number;
    const renamed = `${branchId}-R`;
    const response = await api.put(`/v1/branches/${branchId}`, { branch: { id: renamed } });
    expect(response.status).toBe(200);
    const { ids } = await allChangesSince(cursor, 1000);
    expect(ids.length).toBeGreaterThanOrEqual(count);
    const page = await changesSince(cursor, 1000);
    expect(page.changes.filter(({ job }) => job.pickups[0]?.branch?.id === renamed)).toHaveLength(count);
  });

  it('answers 410 to a cursor of other data or older than a removal, 400 to a made-up one', async () => {
    const cursor = await listCursor();
    const [epoch, position] = cursor.split('.');
    const otherData = await api.get(`/v1/jobs/changes?since=${epoch === 'a' ? 'b' : 'a'}.${position}`);
    expect(otherData.status).toBe(410);
    parseError(410, await otherData.json());
    const ahead = await api.get(`/v1/jobs/changes?since=${epoch}.${Number(position) + 1000}`);
    expect(ahead.status).toBe(410);
    expect((await api.get('/v1/jobs/changes?since=not-a-cursor')).status).toBe(400);
    expect((await api.get('/v1/jobs/changes')).status).toBe(400);

    const newest = server.db.prepare('SELECT max(id) FROM jobs').pluck().get() as number;
    server.db.prepare('DELETE FROM jobs WHERE id = ?').run(newest);
    const gone = await api.get(`/v1/jobs/changes?since=${encodeURIComponent(cursor)}`);
    expect(gone.status).toBe(410);
    // Listing again gives a cursor that can be followed.
    expect((await changesSince(await listCursor())).changes).toEqual([]);
  });

  it('answers an unchanged read with 304 to its ETag', async () => {
    const cursor = await listCursor();
    const first = await api.get(`/v1/jobs/changes?since=${encodeURIComponent(cursor)}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api.get(`/v1/jobs/changes?since=${encodeURIComponent(cursor)}`, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /v1/jobs with the extension', () => {
  it('gives up to 1,000 jobs a page with per_page, and refuses more', async () => {
    const page = JobsResponse.parse(await api.getJson('/v1/jobs?per_page=1000&branch_embed=summary'));
    expect(page.jobs).toHaveLength(1000);
    expect(page.total_pages).toBe(Math.ceil(page.total_records / 1000));
    const second = JobsResponse.parse(
      await api.getJson('/v1/jobs?per_page=1000&page=2&branch_embed=summary'),
    );
    expect(second.jobs).toHaveLength(page.total_records - 1000);
    expect(new Set([...page.jobs, ...second.jobs].map((job) => job.id)).size).toBe(page.total_records);
    const tooMany = await api.get('/v1/jobs?per_page=1001');
    expect(tooMany.status).toBe(400);
    expect(parseError(400, await tooMany.json()).error.details?.[0]?.path).toBe('per_page');
  });

  it('answers an unchanged page with 304, with the cursor', async () => {
    const first = await api.get('/v1/jobs?per_page=200', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    const again = await api.get('/v1/jobs?per_page=200', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get(CHANGES_CURSOR_HEADER)).toBe(first.headers.get(CHANGES_CURSOR_HEADER));
  });
});

describe('the search of all jobs', () => {
  const search = async (q: string, limit = 200) =>
    JobSearchResponse.parse(await api.getJson(`/v1/jobs/search?q=${encodeURIComponent(q)}&limit=${limit}`));

  /** The oldest job with a customer phone and a rider: beyond any first page. */
  function oldest() {
    const id = server.db
      .prepare(
        `SELECT j.id FROM jobs j JOIN deliveries d ON d.job_id = j.id
         WHERE j.rider_id IS NOT NULL AND json_extract(d.customer, '$.phone') LIKE '+44 %'
         ORDER BY j.created_at, j.id LIMIT 1`,
      )
      .pluck()
      .get() as number;
    return server.db
      .prepare(
        `SELECT j.id, j.order_id, d.tracking_id, json_extract(d.customer, '$.phone') AS phone,
           json_extract(d.customer, '$.name') AS customer, r.name AS rider
         FROM jobs j JOIN deliveries d ON d.job_id = j.id JOIN riders r ON r.id = j.rider_id
         WHERE j.id = ? ORDER BY d.position LIMIT 1`,
      )
      .get(id) as {
      id: number;
      order_id: string;
      tracking_id: string;
      phone: string;
      customer: string;
      rider: string;
    };
  }

  it('finds an old order by its order id, job id and tracking id, in any case', async () => {
    const job = oldest();
    expect((await search(job.order_id)).jobs.map((j) => j.id)).toEqual([job.id]);
    expect((await search(job.order_id.toLowerCase())).jobs.map((j) => j.id)).toEqual([job.id]);
    expect((await search(job.tracking_id)).jobs.map((j) => j.id)).toEqual([job.id]);
    expect((await search(String(job.id))).jobs.map((j) => j.id)).toContain(job.id);
  });

  it('finds a UK customer phone typed in its national form, and by its international forms', async () => {
    const job = oldest();
    const national = `0${job.phone.slice('+44 '.length)}`; // "+44 7546 175923" typed as "07546 175923"
    for (const typed of [national, job.phone, job.phone.replace(/\s/g, ''), `0044${job.phone.slice(3)}`]) {
      const found = await search(typed);
      expect(
        found.jobs.map((j) => j.id),
        typed,
      ).toContain(job.id);
      for (const other of found.jobs) {
        const phones = other.deliveries.map((d) => String(d.customer?.phone ?? '').replace(/\D/g, ''));
        expect(phones.some((phone) => phone.endsWith(national.slice(1).replace(/\D/g, '')))).toBe(true);
      }
    }
  });

  it('finds jobs by customer surname and by rider name, newest first', async () => {
    const job = oldest();
    const surname = job.customer.split(' ').at(-1)!;
    const byCustomer = await search(surname);
    expect(byCustomer.jobs.map((j) => j.id)).toContain(job.id);
    // A surname matches customers and riders with a word of their name starting so, nothing else.
    const named = (name: unknown) =>
      String(name)
        .split(' ')
        .some((word) => word.startsWith(surname));
    expect(
      byCustomer.jobs.every((j) => named(j.rider?.name) || j.deliveries.some((d) => named(d.customer?.name))),
    ).toBe(true);
    const byRider = await search(job.rider, 200);
    expect(byRider.jobs.length).toBeGreaterThan(0);
    expect(byRider.jobs.some((j) => j.rider?.name === job.rider)).toBe(true);
    expect(
      byRider.jobs.every(
        (j) => j.rider?.name === job.rider || j.deliveries.some((d) => d.customer?.name === job.rider),
      ),
    ).toBe(true);
    const created = byRider.jobs.map((j) => j.created_at);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const limited = await search(job.rider, 2);
    expect(limited.jobs).toHaveLength(Math.min(2, byRider.jobs.length));
    expect(limited.has_more).toBe(byRider.jobs.length > 2);
  });

  it('refuses a query shorter than 2 characters', async () => {
    const response = await api.get('/v1/jobs/search?q=a');
    expect(response.status).toBe(400);
    parseError(400, await response.json());
  });
});

interface Event {
  id: string;
  data: { cursor: string; job: { id: number; status: number } };
}

/** Reads server-sent events from a fetch body until `enough` says so. */
async function readEvents(response: Response, enough: (events: Event[]) => boolean): Promise<Event[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: Event[] = [];
  let buffer = '';
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id !== undefined && data !== undefined)
        events.push({ id, data: JSON.parse(data) as Event['data'] });
    }
  }
  await reader.cancel();
  return events;
}

describe('the stream of changes', () => {
  it('sends changes as they happen, and resumes from the last event id with nothing missed', async () => {
    const cursor = await listCursor();
    const stream = await api.get(`/v1/jobs/stream?since=${encodeURIComponent(cursor)}&branch_embed=summary`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const ids = server.db.prepare('SELECT id FROM jobs ORDER BY id LIMIT 6').pluck().all() as number[];
    const touch = (id: number) =>
      server.db.prepare('UPDATE jobs SET updated_at = updated_at + 1 WHERE id = ?').run(id);
    for (const id of ids.slice(0, 3)) touch(id);
    const seen = await readEvents(stream, (events) => events.length >= 3);
    expect(seen.map((event) => event.data.job.id)).toEqual(ids.slice(0, 3));
    expect(seen.map((event) => event.id)).toEqual(seen.map((event) => event.data.cursor));

    // Written while no stream is open: the resumed stream starts with them.
    for (const id of ids.slice(3)) touch(id);
    const resumed = await api.get('/v1/jobs/stream', { 'last-event-id': seen.at(-1)!.id });
    expect(resumed.status).toBe(200);
    const rest = await readEvents(resumed, (events) => events.length >= 3);
    expect(rest.map((event) => event.data.job.id)).toEqual(ids.slice(3));
  });

  it('answers 410 before streaming from a cursor that cannot be followed', async () => {
    const response = await api.get('/v1/jobs/stream?since=ffff.1');
    expect(response.status).toBe(410);
    parseError(410, await response.json());
  });

  it('needs the token, as every /v1 path', async () => {
    const response = await fetch(`${server.url}/v1/jobs/stream`);
    expect(response.status).toBe(401);
  });

  it('ends when the server shuts down', async () => {
    const own = await startTestServer({ jobs: 20 });
    const response = await client(own).get('/v1/jobs/stream');
    const reader = response.body!.getReader();
    const closing = own.close();
    const started = performance.now();
    for (;;) if ((await reader.read()).done) break;
    await closing;
    // Ended by the drain, not cut at the end of its grace period.
    expect(performance.now() - started).toBeLessThan(900);
  });
});

describe('with the extension turned off', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ jobs: 30, extensions: false });
  });
  afterAll(async () => {
    await bare.close();
  });

  it('answers its paths 404 exactly as an unknown path, and per_page 400', async () => {
    const bareApi = client(bare);
    const unknown = await bareApi.get('/v1/jobs/unknown');
    const unknownBody = (await unknown.json()) as { error: { code: string } };
    // The job actions' read (`/v1/jobs/{id}`) goes with the rest: one switch makes a bare service.
    const paths = ['/v1/jobs/changes?since=a.1', '/v1/jobs/stream', '/v1/jobs/search?q=ORD', '/v1/jobs/1'];
    for (const path of paths) {
      const response = await bareApi.get(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        unknownBody.error.code,
      );
    }
    const list = await bareApi.get('/v1/jobs');
    expect(list.status).toBe(200);
    expect(list.headers.get(CHANGES_CURSOR_HEADER)).toBeNull();
    expect((await bareApi.get('/v1/jobs?per_page=100')).status).toBe(400);
  });
});

describe('EXTENSIONS', () => {
  it('is on by default, off with "off", and refused otherwise', () => {
    expect(readConfig({}).extensions).toBe(true);
    expect(readConfig({ EXTENSIONS: 'off' }).extensions).toBe(false);
    expect(readConfig({ EXTENSIONS: 'ON' }).extensions).toBe(true);
    expect(() => readConfig({ EXTENSIONS: 'maybe' })).toThrow(ConfigError);
  });
});
