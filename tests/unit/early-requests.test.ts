import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EARLY_MAX_AGE_MS, clearEarlyGets, startEarlyGet, takeEarlyGet } from '../../src/api/early';
import { createApiClient, fetchBranches, fetchJobs } from '../../src/api';
import { tokenStore } from '../../src/app/auth';
import { jobsRequestFor, startEarly } from '../../src/app/early-start';
import { TEST_TOKEN, startTestServer, type TestServer } from '../support/server';

/** The entry script's early GET and its adoption by the api client, against the reference server. */
let server: TestServer;
let requests: string[] = [];
const realFetch = globalThis.fetch;
const countingFetch: typeof fetch = (input, init) => {
  requests.push(String(input));
  return realFetch(input, init);
};

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  clearEarlyGets();
  requests = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The early GET the entry script sends for the jobs screen at `search`. */
const earlyUrl = (search: string) => jobsRequestFor({ pathname: '/jobs', search }, server.url)!;

const client = (token = TEST_TOKEN) =>
  createApiClient({ baseUrl: server.url, getToken: () => token, fetch: countingFetch });

describe('jobsRequestFor (the entry script guessing the first request)', () => {
  it('asks for the jobs screen’s page with the API’s own parameters and nothing else', () => {
    const url = jobsRequestFor(
      { pathname: '/jobs', search: '?status=7&branch_id=LDN-01&job=12&page=3&x=1' },
      'https://api.example',
    );
    const parsed = new URL(url!);
    expect(parsed.origin + parsed.pathname).toBe('https://api.example/v1/jobs');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      page: '3',
      status: '7',
      branch_id: 'LDN-01',
      branch_embed: 'summary', // as fetchJobs asks (src/api/branch-embed.ts)
    });
  });

  it('asks nothing at / (which opens the control room) nor on other screens', () => {
    expect(jobsRequestFor({ pathname: '/', search: '?status=7' }, '')).toBeNull();
    expect(jobsRequestFor({ pathname: '/branches/LDN-01', search: '' }, '')).toBeNull();
    expect(jobsRequestFor({ pathname: '/sign-in', search: '' }, '')).toBeNull();
  });
});

describe('startEarly (the entry script)', () => {
  it('hands the config to the app only once the early GET is on its way, so the app’s first request finds it', async () => {
    // The app's code ready before config.json arrives: it awaits the config at once.
    tokenStore.set(TEST_TOKEN);
    vi.stubGlobal('window', { location: { pathname: '/jobs', search: '?status=7' } });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('config.json')
        ? Promise.resolve(Response.json({ apiBaseUrl: server.url }))
        : countingFetch(input, init),
    );
    const config = startEarly();
    expect((await (await config).json()) as unknown).toEqual({ apiBaseUrl: server.url });
    expect(requests).toHaveLength(1); // the early GET, out before the app asks
    const page = await fetchJobs(client(), { page: 1, status: 7 });
    expect(page.jobs.length).toBeGreaterThan(0);
    expect(requests).toHaveLength(1); // adopted: no second request
    tokenStore.clear();
  });
});

describe('early GET adopted by the api client', () => {
  it('answers the client’s identical request (parameters in another order) once, without a second request', async () => {
    const [path, query] = earlyUrl('?status=7').split('?');
    const reordered = `${path}?${query!.split('&').reverse().join('&')}`;
    expect(reordered).not.toBe(earlyUrl('?status=7'));
    startEarlyGet(reordered, TEST_TOKEN, countingFetch);
    const page = await fetchJobs(client(), { page: 1, status: 7 });
    expect(page.jobs.length).toBeGreaterThan(0);
    for (const job of page.jobs) expect(job.status).toBe(7);
    expect(requests).toHaveLength(1);

    // Used once: the next identical request (a refresh) goes to the service.
    await fetchJobs(client(), { page: 1, status: 7 });
    expect(requests).toHaveLength(2);
  });

  it('is not adopted for another URL, another token, or once it is older than the limit', async () => {
    startEarlyGet(earlyUrl('?page=2'), TEST_TOKEN, countingFetch);
    await fetchJobs(client(), { page: 1 });
    expect(requests).toHaveLength(2); // the early one, then the client's own

    startEarlyGet(earlyUrl(''), 'someone-else', countingFetch);
    await fetchJobs(client(), { page: 1 });
    expect(requests.filter((u) => u.includes('page=1'))).toHaveLength(3);

    vi.useFakeTimers({ toFake: ['Date'] });
    let signal: AbortSignal | undefined;
    startEarlyGet(earlyUrl('?page=3'), TEST_TOKEN, (input, init) => {
      signal = init?.signal ?? undefined;
      return countingFetch(input, init);
    });
    vi.setSystemTime(Date.now() + EARLY_MAX_AGE_MS + 1);
    expect(takeEarlyGet(earlyUrl('?page=3'), TEST_TOKEN, new AbortController().signal)).toBeUndefined();
    expect(signal?.aborted).toBe(true); // too old: cancelled, not left holding a connection
  });

  it('answers only the first request to its endpoint: a wrong guess is cancelled and never used later', async () => {
    let signal: AbortSignal | undefined;
    startEarlyGet(earlyUrl('?status=07'), TEST_TOKEN, (input, init) => {
      signal = init?.signal ?? undefined;
      return countingFetch(input, init);
    });
    // Another endpoint first (the branch list for the filters): the early jobs request stays.
    await fetchBranches(client(), 1);
    expect(signal?.aborted).toBe(false);
    // The screen's own page differs from the guess: the guess is cancelled...
    await fetchJobs(client(), { page: 1, status: 7 });
    expect(signal?.aborted).toBe(true);
    // ...and a later request that happens to match it (a link followed, a refresh) is sent.
    const before = requests.length;
    expect(takeEarlyGet(earlyUrl('?status=07'), TEST_TOKEN, new AbortController().signal)).toBeUndefined();
    expect(requests).toHaveLength(before);
  });

  it('goes through the client’s error handling: a refused token still reads as a 401', async () => {
    startEarlyGet(earlyUrl(''), 'wrong-token', countingFetch);
    await expect(fetchJobs(client('wrong-token'), { page: 1 })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(requests).toHaveLength(1);
  });

  it('is dropped on sign-out (and after a 401), even for the same token', async () => {
    tokenStore.set(TEST_TOKEN);
    startEarlyGet(earlyUrl(''), TEST_TOKEN, countingFetch);
    tokenStore.clear();
    expect(takeEarlyGet(earlyUrl(''), TEST_TOKEN, new AbortController().signal)).toBeUndefined();
  });

  it('is cancelled with the client’s request', async () => {
    startEarlyGet(earlyUrl(''), TEST_TOKEN, countingFetch);
    const controller = new AbortController();
    const pending = fetchJobs(client(), { page: 1 }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
