/**
 * The working set against a fake service: the event-stream reader, the store's deltas, and the
 * reader's sync with the extension (list, then the stream from the list's cursor, resumed from
 * the last cursor when it ends) and without it (re-reads, open work told by the last read).
 */
import { describe, expect, it } from 'vitest';
import { readEventStream, type ApiClient, type StreamEvent } from '../../src/api';
import { buildUrl } from '../../src/api/client';
import { scaleExtensionOffered } from '../../src/api/job-search';
import { ApiError } from '../../src/api/errors';
import type { Job } from '../../src/contract';
import { compactJob } from '../../src/working-set/compact';
import { alertBody } from '../../src/working-set/late-watch';
import { startReader } from '../../src/working-set/reader';
import { WorkingSetStore, type Delta } from '../../src/working-set/store';
import { config, makeJob, NOW, HOUR } from './rules-fixtures';

const isFinal = (status: number) => config.statuses[String(status)]?.final === true;

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

describe('the event-stream reader', () => {
  it('reads events split anywhere, CRLF too, with ids, comments and many data lines', async () => {
    const events: StreamEvent[] = [];
    let alive = 0;
    await readEventStream(
      streamOf([
        'retry: 2000\r\n\r',
        '\n: heartbeat\n\nevent: change\nid: 1.5\nda',
        'ta: {"a":1}\n\nevent: change\ndata: one\ndata: two\r\n\r\n',
        'data: no type\n\n',
      ]),
      (e) => events.push(e),
      () => (alive += 1),
    );
    expect(events).toEqual([
      { type: 'change', data: '{"a":1}', id: '1.5' },
      { type: 'change', data: 'one\ntwo', id: '1.5' },
      { type: 'message', data: 'no type', id: '1.5' },
    ]);
    expect(alive).toBe(4);
  });
});

describe('the store', () => {
  it('keeps the newer copy, removes, tells open work by status or by the last read, and rebuilds from a snapshot', () => {
    const store = new WorkingSetStore(isFinal);
    const a = makeJob(1, { since: NOW - 100 });
    store.apply({ put: [a, makeJob(2, { status: 7 })] });
    store.apply({ put: [{ ...a, status: 5, updated_at: NOW - 200 }] }); // older: ignored
    expect(store.has(1)!.status).toBe(3);
    store.apply({ put: [{ ...a, status: 5, updated_at: NOW - 50 }] });
    expect(store.getSnapshot().open.map((j) => j.id)).toEqual([1]);
    store.apply({ openIds: [2] });
    expect(store.getSnapshot().open.map((j) => j.id)).toEqual([2]);
    const other = new WorkingSetStore(isFinal);
    other.apply({ put: [makeJob(9)] });
    other.apply(store.toDelta());
    expect(
      other
        .getSnapshot()
        .jobs.map((j) => j.id)
        .sort(),
    ).toEqual([1, 2]);
    expect(other.getSnapshot().open.map((j) => j.id)).toEqual([2]);
    store.apply({ remove: [1] });
    expect(store.size).toBe(1);
  });

  it('tells its listeners once for many changes close together', async () => {
    const store = new WorkingSetStore(isFinal, 20);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    for (let i = 0; i < 50; i++) store.apply({ put: [makeJob(i + 1)] });
    await new Promise((r) => setTimeout(r, 60));
    expect(heard).toBe(1);
    expect(store.getSnapshot().jobs).toHaveLength(50);
  });

  it('keeps a record smaller than the job and shares each branch', () => {
    const pool = new Map();
    const [a, b] = [compactJob(makeJob(1), pool), compactJob(makeJob(2), pool)];
    expect(a.pickups[0]!.branch).toBe(b.deliveries[0]!.branch);
    expect(JSON.stringify(a).length).toBeLessThan(JSON.stringify(makeJob(1)).length);
    expect(a.deliveries[0]!.delivery_slot_to).toBe(makeJob(1).deliveries[0]!.delivery_slot_to);
  });
});

describe('the notification', () => {
  it('says how many jobs went late or failed, and where', () => {
    expect(alertBody([makeJob(1), makeJob(2, { branch: 'PAR-01' })], [makeJob(3)])).toMatch(
      /^2 jobs went late, 1 job failed: .+\.$/,
    );
    expect(alertBody([], [])).toBeNull();
  });
});

/** A service over `jobs`: GET /v1/jobs (newest first, filters), and with `extension`, the cursor, changes and stream. */
function fakeService(jobs: Job[], extension: boolean) {
  let position = 0;
  const changes: { cursor: string; job: Job }[] = [];
  const requests: string[] = [];
  const streams: { since: string; push: (text: string) => void; end: () => void }[] = [];
  const api: ApiClient = {
    baseUrl: 'http://svc',
    token: () => 't',
    async request<T>(path: string, opts: { query?: Record<string, unknown>; seen?: (r: Response) => void }) {
      const q = opts.query ?? {};
      requests.push(buildUrl('', path, q as never));
      if (path === '/v1/jobs/changes') {
        if (!extension) throw new ApiError('http', 'Not found', { status: 404 });
        const after = changes.filter((c) => Number(c.cursor) > Number(q.since));
        return { changes: after, next_cursor: String(position), has_more: false } as T;
      }
      const matching = jobs
        .filter((j) => q.status === undefined || j.status === q.status)
        .filter((j) => q.timestamp_from === undefined || j.created_at >= Number(q.timestamp_from))
        .filter((j) => q.timestamp_to === undefined || j.created_at <= Number(q.timestamp_to))
        .sort((a, b) => b.created_at - a.created_at);
      const per = extension && q.per_page ? Number(q.per_page) : 5;
      const page = Number(q.page ?? 1);
      opts.seen?.(new Response(null, { headers: extension ? { 'Changes-Cursor': String(position) } : {} }));
      return {
        jobs: matching.slice((page - 1) * per, page * per),
        total_records: matching.length,
        page,
        total_pages: Math.ceil(matching.length / per),
      } as T;
    },
  };
  const fetchStream: typeof fetch = async (input, init) => {
    const since = new URL(String(input)).searchParams.get('since')!;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    let open = true;
    streams.push({
      since,
      push: (text) => open && controller.enqueue(new TextEncoder().encode(text)),
      end: () => {
        open = false;
        controller.close();
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  };
  /** The service changes a job: its copy, and an event on every open stream. */
  const change = (job: Job) => {
    position += 1;
    const i = jobs.findIndex((j) => j.id === job.id);
    if (i >= 0) jobs[i] = job;
    else jobs.push(job);
    changes.push({ cursor: String(position), job });
    const data = JSON.stringify({ cursor: String(position), job });
    for (const s of streams) s.push(`event: change\nid: ${position}\ndata: ${data}\n\n`);
  };
  return { api, fetchStream, requests, streams, change };
}

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never: ${what}`);
};

function reading(
  service: ReturnType<typeof fakeService>,
  now: () => number,
  { refreshMs = 30_000, timed = true }: { refreshMs?: number; timed?: boolean } = {},
) {
  const store = new WorkingSetStore(isFinal, 0);
  const sent: Delta[] = [];
  const reader = startReader(
    {
      api: service.api,
      store,
      emit: (delta) => {
        store.apply(delta);
        sent.push(delta);
      },
      openStatuses: [1, 2, 3, 4, 5, 6],
      isFinal,
      caps: { open: 100, window: 100 },
      refreshMs,
      windowRefreshMs: 300_000,
      now,
      fetch: service.fetchStream,
    },
    timed,
  );
  return { store, reader, sent };
}

describe('the reader', () => {
  const ms = NOW * 1000;
  const operation = () => [
    makeJob(1),
    makeJob(2, { status: 5 }),
    makeJob(3, { status: 7, created: NOW - 2 * HOUR }),
    makeJob(4, { status: 7, created: NOW - 10 * 86_400 }), // closed, before the window: not held
    makeJob(5, { status: 2, created: NOW - 20 * 86_400 }), // open, however old
  ];

  it('with the extension: lists once, then follows the stream from the list’s cursor, and resumes from the last one', async () => {
    const service = fakeService(operation(), true);
    const { store, reader } = reading(service, () => ms);
    await until(() => service.streams.length === 1, 'the stream opened');
    expect(store.getState().mode).toBe('stream');
    expect(
      store
        .getSnapshot()
        .jobs.map((j) => j.id)
        .sort(),
    ).toEqual([1, 2, 3, 5]);
    expect(service.streams[0]!.since).toBe('0');
    const listed = service.requests.length;

    service.change({ ...makeJob(6), created_at: NOW - 60 }); // a new job
    service.change({ ...makeJob(5, { status: 7, created: NOW - 20 * 86_400 }), updated_at: NOW }); // closed, old: let go
    await until(() => store.has(6) !== undefined && store.has(5) === undefined, 'the changes applied');
    expect(store.getState().cursor).toBe('2');

    // The stream drops; a change made meanwhile is read from the last cursor, nothing listed again.
    service.streams[0]!.end();
    service.change({ ...makeJob(1, { status: 8 }), updated_at: NOW + 1 });
    await until(() => service.streams.length === 2, 'the stream reopened');
    expect(service.streams[1]!.since).toBe('2');
    service.change({ ...makeJob(2, { status: 6 }), updated_at: NOW + 2 });
    await until(() => store.has(2)?.status === 6, 'the change after the drop');
    expect(service.requests.length).toBe(listed);
    reader.halt();
  });

  it('without the extension: reads the open work each refresh, and what left it is no longer open', async () => {
    const jobs = operation();
    const service = fakeService(jobs, false);
    const { store, reader } = reading(service, () => ms);
    await until(() => store.getState().window.asOf !== null, 'the first read');
    expect(store.getState().mode).toBe('scan');
    expect(service.requests.some((r) => r.includes('per_page'))).toBe(false);
    expect(
      store
        .getSnapshot()
        .open.map((j) => j.id)
        .sort(),
    ).toEqual([1, 2, 5]);
    // Job 1 is delivered on the service: the next read of the open work no longer has it.
    jobs[0] = { ...jobs[0]!, status: 7 };
    reader.again();
    await until(() => !store.getSnapshot().open.some((j) => j.id === 1), 'the re-read');
    await until(() => !store.getState().window.refreshing, 'the window read again');
    expect(
      store
        .getSnapshot()
        .open.map((j) => j.id)
        .sort(),
    ).toEqual([2, 5]);
    expect(store.has(1)!.status).toBe(7); // in the window, as read again
    reader.halt();
  });

  it('without the extension and auto-refresh off: reads again on Refresh only, and as due once it is back on', async () => {
    const service = fakeService(operation(), false);
    const { store, reader } = reading(service, Date.now, { refreshMs: 20, timed: false });
    await until(() => store.getState().window.asOf !== null, 'the first read');
    const read = service.requests.length;
    // Many refreshes' time pass: nothing is asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(service.requests.length).toBe(read);
    // Refresh reads the open work again, once.
    reader.again();
    await until(() => service.requests.length > read, 'the Refresh');
    await until(() => !store.getState().open.refreshing, 'the Refresh read');
    const refreshed = service.requests.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(service.requests.length).toBe(refreshed);
    // Back on: read again at once (overdue), then each refresh.
    reader.setTimed(true);
    await until(() => service.requests.length > refreshed + 6, 'the re-reads');
    reader.halt();
  });

  it.each([true, false])(
    'the extension (%s) told once: the search and the actions ask no detection after a list',
    async (extension) => {
      const service = fakeService(operation(), extension);
      const { store, reader } = reading(service, () => ms);
      await until(() => store.getState().open.asOf !== null, 'the open work listed');
      const asked = service.requests.length;
      await expect(scaleExtensionOffered(service.api)).resolves.toBe(extension);
      expect(service.requests.length).toBe(asked);
      reader.halt();
    },
  );
});
