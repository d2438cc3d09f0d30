import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiContext, createApiClient, type ApiClient } from '../../src/api';
import { ConfigContext, RuntimeConfig } from '../../src/config';
import { useAllJobs } from '../../src/job-views/useAllJobs';
import { startTestServer, type TestServer } from '../support/server';
import { testStatuses } from './render';

/**
 * The operations map's "all matching" read (useAllJobs over src/api/useJobsScan.ts), against the
 * in-process server in pages of 5: a refresh of a complete read keeps the jobs shown and swaps
 * the new read in once it is complete; a failed refresh keeps them and says why; auto-refresh
 * reads again after the configured interval.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, pageSize: 5 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const idsInOrder = () =>
  server.db.prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC').pluck().all() as number[];

/** A client of the test server whose pages after the first can be held or refused. */
function testClient() {
  const client = createApiClient({ baseUrl: server.url, getToken: () => server.token });
  const control = { mode: 'pass' as 'pass' | 'hold' | 'fail', release: () => {}, asked: 0 };
  let gate = Promise.resolve();
  const held: ApiClient = {
    baseUrl: client.baseUrl,
    token: client.token,
    async request(path, options) {
      control.asked++;
      const later = Number(options.query?.page ?? 1) > 1;
      if (later && control.mode === 'hold') await gate;
      if (later && control.mode === 'fail')
        return client.request(path, { ...options, query: { ...options.query, page: 'x' } });
      return client.request(path, options);
    },
  };
  const hold = () => {
    control.mode = 'hold';
    gate = new Promise((resolve) => (control.release = resolve));
  };
  return { client: held, control, hold };
}

function renderAllJobs(client: ApiClient, { autoRefresh = false, refreshSeconds = 30 } = {}) {
  const config = RuntimeConfig.parse({
    apiBaseUrl: server.url,
    mapStyle: 'offline',
    statuses: testStatuses,
    refreshSeconds,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigContext value={config}>
      <ApiContext value={client}>{children}</ApiContext>
    </ConfigContext>
  );
  return renderHook(
    ({ refreshCount }: { refreshCount: number }) =>
      useAllJobs({}, true, { cap: 500, autoRefresh, refreshCount }),
    { wrapper, initialProps: { refreshCount: 0 } },
  );
}

const ids = (jobs: { id: number }[] | undefined) => jobs?.map((job) => job.id);

describe('every matching job for the map', () => {
  it('keeps the jobs shown while a refresh reads them again, and swaps the new read in once complete', async () => {
    const { client, control, hold } = testClient();
    const { result, rerender } = renderAllJobs(client);
    await waitFor(() => expect(result.current?.phase).toBe('done'));
    const first = result.current!.jobs;
    expect(ids(first)).toEqual(idsInOrder());

    hold();
    const asked = control.asked;
    rerender({ refreshCount: 1 });
    await waitFor(() => expect(control.asked).toBeGreaterThan(asked + 1));
    expect(result.current).toMatchObject({ phase: 'done', refreshing: true, error: null });
    expect(result.current!.jobs).toBe(first);

    control.release();
    await waitFor(() => expect(result.current?.refreshing).toBe(false));
    expect(result.current!.phase).toBe('done');
    expect(result.current!.jobs).not.toBe(first);
    expect(ids(result.current!.jobs)).toEqual(idsInOrder());
  });

  it('keeps the jobs shown when a refresh fails, and says why', async () => {
    const { client, control } = testClient();
    const { result } = renderAllJobs(client);
    await waitFor(() => expect(result.current?.phase).toBe('done'));
    const first = result.current!.jobs;

    control.mode = 'fail';
    act(() => result.current!.again());
    await waitFor(() => expect(result.current?.error).not.toBeNull());
    expect(result.current).toMatchObject({ phase: 'done', refreshing: false });
    expect(result.current!.error).toMatch(/\S/);
    expect(result.current!.jobs).toBe(first);
  });

  it('reads them again after the auto-refresh interval', async () => {
    const refreshSeconds = 5;
    // The interval's timer is set as the first read completes: fake from the start, the clock
    // moving with real time (the requests are real), so that the interval need not be waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { client, control } = testClient();
    const { result } = renderAllJobs(client, { autoRefresh: true, refreshSeconds });
    await waitFor(() => expect(result.current?.phase).toBe('done'));
    const first = result.current!.jobs;
    const asked = control.asked;
    await act(() => vi.advanceTimersByTimeAsync(refreshSeconds * 1000));
    vi.useRealTimers();
    await waitFor(() => expect(result.current!.jobs).not.toBe(first));
    expect(control.asked).toBeGreaterThanOrEqual(asked + 12);
    expect(result.current).toMatchObject({ phase: 'done', refreshing: false });
    expect(ids(result.current!.jobs)).toEqual(idsInOrder());
  });
});
