import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from '../../src/api';
import { scanJobs, type ScanProgress } from '../../src/api/scan';
import { ApiError } from '../../src/api/errors';
import { job as rawJob } from './fixtures';

/**
 * A service of `total` jobs in pages of `size` (ids 1..total), answering after `delay(page)` ms;
 * records the pages asked for and how many requests were open at once.
 */
function fakeService(
  total: number,
  size: number,
  opts: { delay?: (page: number) => number; fail?: number } = {},
) {
  const asked: number[] = [];
  let open = 0;
  let mostOpen = 0;
  const client: ApiClient = {
    baseUrl: '',
    token: () => null,
    async request<T>(_path: string, options: RequestOptions<T>): Promise<T> {
      const page = Number(options.query?.page ?? 1);
      asked.push(page);
      open++;
      mostOpen = Math.max(mostOpen, open);
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, opts.delay?.(page) ?? 1);
          options.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new ApiError('aborted', 'The request was cancelled.'));
          });
        });
        if (page === opts.fail) throw new ApiError('http', 'The service answered 500.', { status: 500 });
        const first = (page - 1) * size + 1;
        const ids = Array.from(
          { length: Math.max(0, Math.min(size, total - first + 1)) },
          (_, i) => first + i,
        );
        const body = {
          jobs: ids.map((id) => ({ ...rawJob, id })),
          total_records: total,
          page,
          total_pages: Math.ceil(total / size),
        };
        return options.schema.parse(body);
      } finally {
        open--;
      }
    },
  };
  return { client, asked, mostOpen: () => mostOpen };
}

const scan = (client: ApiClient, cap: number, extra: Partial<Parameters<typeof scanJobs>[2]> = {}) => {
  const pages: { page: number; ids: number[]; progress: ScanProgress }[] = [];
  const result = scanJobs(
    client,
    { status: 7 },
    {
      cap,
      signal: new AbortController().signal,
      onPage: (jobs, page, progress) => void pages.push({ page, ids: jobs.map((j) => j.id), progress }),
      ...extra,
    },
  );
  return { pages, result };
};

describe('the whole-result scan', () => {
  it('reads every page, a few at a time, handing them over in order even when later ones answer first', async () => {
    // Page 2 is slow: pages 3-5 answer before it, and still come after it.
    const service = fakeService(95, 10, { delay: (p) => (p === 2 ? 40 : 2) });
    const { pages, result } = scan(service.client, 1000, { concurrency: 3 });
    const outcome = await result;
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.flatMap((p) => p.ids)).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
    expect(service.mostOpen()).toBeLessThanOrEqual(3);
    expect(outcome).toMatchObject({
      pagesDone: 10,
      pagesTotal: 10,
      jobsSeen: 95,
      totalRecords: 95,
      capped: false,
      stopped: false,
    });
    expect(pages.at(-1)!.progress).toMatchObject({ pagesDone: 10, jobsSeen: 95, jobsToRead: 95 });
  });

  it('stops at the cap and says the result was cut short', async () => {
    const service = fakeService(500, 20);
    const { pages, result } = scan(service.client, 50);
    const outcome = await result;
    expect(pages.flatMap((p) => p.ids)).toHaveLength(50);
    expect(Math.max(...service.asked)).toBe(3);
    expect(outcome).toMatchObject({
      jobsSeen: 50,
      pagesTotal: 3,
      totalRecords: 500,
      jobsToRead: 50,
      capped: true,
    });
  });

  it('ends where the caller says stop, cancelling the requests still open', async () => {
    const service = fakeService(400, 20, { delay: (p) => (p > 3 ? 50 : 1) });
    const outcome = await scanJobs(
      service.client,
      {},
      {
        cap: 1000,
        signal: new AbortController().signal,
        onPage: (jobs) => (jobs.some((j) => j.id === 45) ? 'stop' : undefined),
      },
    );
    expect(outcome).toMatchObject({ pagesDone: 3, stopped: true });
  });

  it('hands over a job repeated by a shifting result once, and ends at an empty page', async () => {
    const service = fakeService(60, 20);
    const seen: number[] = [];
    const shifted: ApiClient = {
      baseUrl: '',
      token: () => null,
      request: async (path, options) => {
        const body = (await service.client.request(path, options)) as { jobs: { id: number }[] };
        const page = Number(options.query?.page);
        // Page 2 repeats the last job of page 1; page 3 came back empty (the result shrank).
        if (page === 2) body.jobs[0] = { ...body.jobs[0]!, id: 20 };
        if (page === 3) body.jobs = [];
        return body as never;
      },
    };
    const outcome = await scanJobs(
      shifted,
      {},
      {
        cap: 1000,
        signal: new AbortController().signal,
        onPage: (jobs) => void seen.push(...jobs.map((j) => j.id)),
      },
    );
    expect(seen.filter((id) => id === 20)).toHaveLength(1);
    expect(seen).toHaveLength(39);
    expect(outcome.stopped).toBe(false);
  });

  it('rejects with the failed page’s error, and with an aborted error when cancelled', async () => {
    const failing = fakeService(100, 10, { fail: 4 });
    await expect(scan(failing.client, 1000).result).rejects.toMatchObject({ kind: 'http', status: 500 });

    const slow = fakeService(100, 10, { delay: () => 20 });
    const controller = new AbortController();
    const handed: number[] = [];
    const running = scanJobs(
      slow.client,
      {},
      {
        cap: 1000,
        signal: controller.signal,
        onPage: (_jobs, page) => {
          handed.push(page);
          if (page === 2) controller.abort();
        },
      },
    );
    await expect(running).rejects.toMatchObject({ kind: 'aborted' });
    expect(handed).toEqual([1, 2]);
  });
});
