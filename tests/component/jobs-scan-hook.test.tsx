import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiContext,
  createApiClient,
  errorMessage,
  fetchJobs,
  useJobsScan,
  type ApiClient,
  type JobsScan,
  type JobsScanRead,
} from '../../src/api';
import type { Job } from '../../src/contract';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The whole-result scan as a hook (src/api/useJobsScan.ts), against the in-process server in
 * pages of 5: its phases and progress, what Stop keeps, "again", a new key, a failure as text,
 * and pages handed over once a frame.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, pageSize: 5 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const idsInOrder = (where = '1 = 1', ...params: unknown[]) =>
  server.db
    .prepare(`SELECT id FROM jobs WHERE ${where} ORDER BY created_at DESC, id DESC`)
    .pluck()
    .all(...params) as number[];

/**
 * A client of the test server whose pages from `holdFrom` on wait until `release()` (to look at
 * a read half way), and which counts the pages asked for. `settled()` waits until every request
 * asked for (held ones released) is answered or refused, then for what the hook does after it.
 */
function testClient({ token = server.token, holdFrom = Infinity } = {}) {
  const client = createApiClient({ baseUrl: server.url, getToken: () => token });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: number[] = [];
  const answers: Promise<unknown>[] = [];
  const held: ApiClient = {
    baseUrl: client.baseUrl,
    token: client.token,
    request(path, options) {
      const page = Number(options.query?.page ?? 1);
      asked.push(page);
      const answer = (async () => {
        if (page >= holdFrom) await gate;
        return client.request(path, options);
      })();
      answers.push(answer);
      return answer;
    },
  };
  const settled = async () => {
    // A request answered can lead to another being asked: wait until none is left.
    for (let waited = -1; waited < answers.length;) {
      waited = answers.length;
      await Promise.allSettled(answers);
      await nextTurn();
    }
  };
  return { client: held, release, asked, settled };
}

/**
 * Lets what is queued run: the promise callbacks and timers already queued, a frame (the hook
 * hands pages over once a frame), then what that frame queued.
 */
async function nextTurn() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The reading code the hook loads with its first read, in; and what the hook does with it, done. */
async function readingCodeLoaded() {
  await import('../../src/api/scan-read');
  await nextTurn();
}

const ids = (jobs: Job[]) => jobs.map((job) => job.id);

/** The two statuses most jobs of the test data are in, most first. */
const twoStatuses = () =>
  server.db
    .prepare('SELECT status FROM jobs GROUP BY status ORDER BY count(*) DESC, status LIMIT 2')
    .pluck()
    .all() as [number, number];

function renderScan(client: ApiClient, read: JobsScanRead<number> | null) {
  const renders: JobsScan<number>[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiContext value={client}>{children}</ApiContext>
  );
  const hook = renderHook(
    ({ read }: { read: JobsScanRead<number> | null }) => {
      const scan = useJobsScan(read);
      renders.push(scan);
      return scan;
    },
    { wrapper, initialProps: { read } },
  );
  return { ...hook, renders };
}

const readOf = (filters: { status?: number } = {}, cap = 1000): JobsScanRead<number> => ({
  key: JSON.stringify(filters),
  cap,
  filters: () => filters,
  take: ids,
});

describe('useJobsScan', () => {
  it('loads with progress, then is done with what `take` kept of every page, in the result’s order', async () => {
    const { client, release } = testClient({ holdFrom: 4 });
    const { result } = renderScan(client, readOf());
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null, error: null });
    await waitFor(() => expect(result.current.progress?.pagesDone).toBe(3));
    expect(result.current).toMatchObject({ phase: 'loading', items: idsInOrder().slice(0, 15) });
    expect(result.current.progress).toMatchObject({
      pagesTotal: 12,
      jobsSeen: 15,
      totalRecords: 60,
      jobsToRead: 60,
    });
    release();
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(idsInOrder());
    expect(result.current.progress).toMatchObject({
      pagesDone: 12,
      pagesTotal: 12,
      jobsSeen: 60,
      totalRecords: 60,
      capped: false,
    });
    expect(result.current.filters).toEqual({});
  });

  it('reads up to the cap and says the result was cut short', async () => {
    const { client, asked } = testClient();
    const { result } = renderScan(client, readOf({}, 12));
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(idsInOrder().slice(0, 12));
    expect(result.current.progress).toMatchObject({
      jobsSeen: 12,
      jobsToRead: 12,
      totalRecords: 60,
      capped: true,
    });
    expect(Math.max(...asked)).toBe(3);
  });

  it('reads only the statuses asked, each through the status filter, with their progress summed', async () => {
    const { client, asked } = testClient();
    const statuses = twoStatuses();
    const { result } = renderScan(client, { ...readOf(), key: 'open', statuses });
    await waitFor(() => expect(result.current.phase).toBe('done'));
    const [a, b] = statuses.map((status) => idsInOrder('status = ?', status)) as [number[], number[]];
    const wanted = [...a, ...b];
    expect(b.length).toBeGreaterThan(0);
    expect(result.current.items).toEqual(wanted);
    expect(result.current.progress).toMatchObject({ jobsSeen: wanted.length, totalRecords: wanted.length });
    expect(asked.length).toBe(Math.ceil(a.length / 5) + Math.ceil(b.length / 5));
  });

  it('reads the statuses within the cap, and counts what the cap left out of each', async () => {
    const { client } = testClient();
    const statuses = twoStatuses();
    const [first, second] = statuses.map((status) => idsInOrder('status = ?', status)) as [
      number[],
      number[],
    ];
    const cap = first.length - 1;
    const { result } = renderScan(client, { ...readOf({}, cap), key: 'capped', statuses });
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(first.slice(0, cap));
    expect(result.current.progress).toMatchObject({
      jobsSeen: cap,
      jobsToRead: cap,
      totalRecords: first.length + second.length,
      capped: true,
    });
  });

  it('hands the pages over at most once a frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => {};
    });
    const { client, release } = testClient({ holdFrom: 5 });
    const take = vi.fn(ids);
    const { result, renders } = renderScan(client, { ...readOf(), take });
    await waitFor(() => expect(take).toHaveBeenCalledTimes(4));
    // Four pages read, none shown yet: they wait for the frame.
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null });
    const before = renders.length;
    act(() => frames.splice(0).forEach((frame) => frame(0)));
    expect(renders.length).toBe(before + 1);
    expect(result.current.items).toEqual(idsInOrder().slice(0, 20));
    expect(result.current.progress).toMatchObject({ pagesDone: 4, jobsSeen: 20 });
    release();
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(idsInOrder());
  });

  it('stops where it is and keeps what was read; again reads anew, from nothing', async () => {
    const { client, release, asked, settled } = testClient({ holdFrom: 4 });
    const { result } = renderScan(client, readOf());
    await waitFor(() => expect(result.current.progress?.pagesDone).toBe(3));
    act(() => result.current.stop());
    expect(result.current).toMatchObject({ phase: 'stopped', items: idsInOrder().slice(0, 15), error: null });
    expect(result.current.progress).toMatchObject({ pagesDone: 3, jobsSeen: 15, pagesTotal: 12 });
    // The held pages answering after the stop change nothing.
    release();
    await settled();
    expect(asked).toContain(4);
    expect(result.current).toMatchObject({ phase: 'stopped', items: idsInOrder().slice(0, 15) });

    act(() => result.current.again());
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null });
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(idsInOrder());
  });

  it('stopped at once reads nothing, and says so', async () => {
    const { client, asked, settled } = testClient();
    const { result } = renderScan(client, readOf());
    act(() => result.current.stop());
    expect(result.current).toMatchObject({ phase: 'stopped', items: [], progress: null, error: null });
    // Whatever the reading code would do once in, done.
    await readingCodeLoaded();
    await settled();
    expect(result.current.phase).toBe('stopped');
    expect(asked).toEqual([]);
  });

  it('starts from nothing for a new key, and the earlier read never shows through', async () => {
    const { client, release } = testClient({ holdFrom: 2 });
    const { result, rerender } = renderScan(client, readOf());
    await waitFor(() => expect(result.current.progress?.pagesDone).toBe(1));
    const status = server.db.prepare('SELECT status FROM jobs ORDER BY id LIMIT 1').pluck().get() as number;
    rerender({ read: readOf({ status }) });
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null });
    release();
    await waitFor(() => expect(result.current.phase).toBe('done'));
    const wanted = idsInOrder('status = ?', status);
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(60);
    expect(result.current.items).toEqual(wanted);
    expect(result.current.filters).toEqual({ status });
  });

  it('reads a key again as a new read: after another key, the first one’s finished result does not show', async () => {
    const { client, release } = testClient({ holdFrom: 2 });
    const { result, rerender } = renderScan(client, readOf({}, 5));
    await waitFor(() => expect(result.current.phase).toBe('done'));
    const status = server.db.prepare('SELECT status FROM jobs ORDER BY id LIMIT 1').pluck().get() as number;
    rerender({ read: readOf({ status }) });
    rerender({ read: readOf({}, 5) });
    // The same key and cap as the finished read: a new read, loading from nothing.
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null });
    release();
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toEqual(idsInOrder().slice(0, 5));
  });

  it('reads nothing while there is nothing to read', async () => {
    const { client, asked, settled } = testClient();
    const { result, rerender } = renderScan(client, null);
    // Whatever the reading code would do once in, done.
    await readingCodeLoaded();
    await settled();
    expect(asked).toEqual([]);
    expect(result.current).toMatchObject({ phase: 'loading', items: [], progress: null });
    rerender({ read: readOf() });
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current.items).toHaveLength(60);
  });

  it('turns a failure into the text a person reads, keeping what was read before it', async () => {
    const refused = testClient({ token: 'not-a-token' });
    const expected = await fetchJobs(refused.client, {}).then(
      () => 'no failure',
      (e: unknown) => errorMessage(e),
    );
    expect(expected).not.toBe('no failure');
    const { result } = renderScan(refused.client, readOf());
    await waitFor(() => expect(result.current.phase).toBe('error'));
    expect(result.current).toMatchObject({ error: expected, items: [], progress: null });

    // A page after the second one refused by the service (its page number is not one it reads).
    const client = createApiClient({ baseUrl: server.url, getToken: () => server.token });
    const failing: ApiClient = {
      baseUrl: client.baseUrl,
      token: client.token,
      request: (path, options) =>
        client.request(
          path,
          Number(options.query?.page) === 3
            ? { ...options, query: { ...options.query, page: 'third' } }
            : options,
        ),
    };
    const refusal = await fetchJobs(failing, { page: 3 }).then(
      () => 'no failure',
      (e: unknown) => errorMessage(e),
    );
    expect(refusal).not.toBe('no failure');
    const failed = renderScan(failing, readOf());
    await waitFor(() => expect(failed.result.current.phase).toBe('error'));
    expect(failed.result.current.error).toBe(refusal);
    expect(failed.result.current.items).toEqual(idsInOrder().slice(0, 10));
    expect(failed.result.current.progress).toMatchObject({ pagesDone: 2, jobsSeen: 10 });
  });
});
