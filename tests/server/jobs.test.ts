import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsResponse, type Job } from '../../src/contract';
import { nextJobStatuses } from '../../server/statuses';
import { TEST_JOBS, TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { client, parseError } from './http';

type RawStop = {
  branch: { id: unknown; delivery_zones?: { features: unknown[] } | null } & Record<string, unknown>;
};
type RawJobsPage = { jobs: { pickups: RawStop[]; deliveries: RawStop[] }[]; total_records: number };

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

async function jobsPage(query = ''): Promise<JobsResponse> {
  return JobsResponse.parse(await api.getJson(`/v1/jobs${query ? `?${query}` : ''}`));
}

async function allJobs(query = ''): Promise<Job[]> {
  const first = await jobsPage(query);
  const jobs = [...first.jobs];
  for (let page = 2; page <= first.total_pages; page++) {
    jobs.push(...(await jobsPage(`${query}${query ? '&' : ''}page=${page}`)).jobs);
  }
  return jobs;
}

/** Direct COUNT over the seeded database, to check the totals the API reports. */
function countJobs(where = '1', ...params: (string | number)[]): number {
  return server.db
    .prepare(`SELECT count(*) FROM jobs WHERE ${where}`)
    .pluck()
    .get(...params) as number;
}

const sortedNewestFirst = (jobs: readonly Job[]) =>
  jobs.every((job, i) => {
    const prev = jobs[i - 1];
    return (
      !prev || prev.created_at > job.created_at || (prev.created_at === job.created_at && prev.id > job.id)
    );
  });

describe('GET /v1/jobs without filters', () => {
  it('returns the first page in the contract shape with totals matching the database', async () => {
    const body = await jobsPage();
    expect(body.page).toBe(1);
    expect(body.total_records).toBe(TEST_JOBS);
    expect(body.total_records).toBe(countJobs());
    expect(body.total_pages).toBe(Math.ceil(TEST_JOBS / 20));
    expect(body.jobs).toHaveLength(20);
  });

  it('walks every job exactly once, newest first (created_at DESC, id DESC)', async () => {
    const jobs = await allJobs();
    expect(jobs).toHaveLength(TEST_JOBS);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(TEST_JOBS);
    expect(sortedNewestFirst(jobs)).toBe(true);
  });

  it('embeds every part of a job: rider, stops with their full branch, packages, histories oldest first', async () => {
    const { jobs } = await jobsPage();
    const raw = (await api.getJson('/v1/jobs')) as RawJobsPage;
    for (const job of raw.jobs) {
      for (const stop of [...job.pickups, ...job.deliveries]) {
        expect(stop.branch.delivery_zones?.features.length).toBeGreaterThan(0);
        expect((stop.branch.contacts as unknown[]).length).toBeGreaterThan(0);
      }
    }
    for (const job of jobs) {
      expect(job.rider).not.toBeNull();
      expect(job.pickups.length).toBeGreaterThanOrEqual(1);
      expect(job.deliveries.length).toBeGreaterThanOrEqual(1);
      expect(job.next_status).toEqual(nextJobStatuses(job.status));
      expect(job.status_history.at(-1)?.status).toBe(job.status);
      const times = job.status_history.map((h) => h.created_at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const stop of [...job.pickups, ...job.deliveries]) {
        expect(stop.packages.every((p) => p.package_id && p.barcode)).toBe(true);
      }
    }
  });

  it('embeds the same branch object that GET /v1/branches/{id} returns', async () => {
    const raw = (await api.getJson('/v1/jobs')) as RawJobsPage;
    const embedded = raw.jobs[0]!.pickups[0]!.branch;
    const { branch } = (await api.getJson(`/v1/branches/${String(embedded.id)}`)) as { branch: unknown };
    expect(embedded).toEqual(branch);
  });

  it('embeds branches without their zones and contacts, and nothing else changed, when asked with branch_embed=summary', async () => {
    const full = (await api.getJson('/v1/jobs?status=7')) as RawJobsPage;
    const summary = (await api.getJson('/v1/jobs?status=7&branch_embed=summary')) as RawJobsPage;
    expect(summary.jobs.length).toBeGreaterThan(0);
    expect(summary.total_records).toBe(full.total_records);
    const summarised = ({ branch: { delivery_zones: _z, contacts: _c, ...branch }, ...stop }: RawStop) => ({
      ...stop,
      branch,
    });
    const withoutLists = (page: RawJobsPage) => ({
      ...page,
      jobs: page.jobs.map((job) => ({
        ...job,
        pickups: job.pickups.map(summarised),
        deliveries: job.deliveries.map(summarised),
      })),
    });
    for (const job of summary.jobs) {
      for (const stop of [...job.pickups, ...job.deliveries]) {
        expect(stop.branch).not.toHaveProperty('delivery_zones');
        expect(stop.branch).not.toHaveProperty('contacts');
        expect(stop.branch).toHaveProperty('name');
      }
    }
    expect(summary).toEqual(withoutLists(full));
    // The v1 response is unchanged by asking for summaries first (the page cache keys on it).
    expect(await api.getJson('/v1/jobs?status=7')).toEqual(full);
  });

  it('refuses an unknown branch_embed with a 400 naming the parameter', async () => {
    const res = await api.get('/v1/jobs?branch_embed=zones');
    expect(res.status).toBe(400);
    expect(parseError(400, await res.json()).error.details).toEqual([
      { path: 'branch_embed', message: 'Expected "full" or "summary"' },
    ]);
  });

  it('includes the documented fields of a delivery with their types', async () => {
    const raw = (await api.getJson('/v1/jobs')) as { jobs: Record<string, unknown>[] };
    const delivery = (raw.jobs[0]!.deliveries as Record<string, unknown>[])[0]!;
    for (const field of [
      'first_order',
      'enable_otp',
      'unattended_delivery',
      'leave_at_door',
      'dont_ring_bell',
      'age_restricted_delivery',
      'signature_required',
      'in_progress',
      'completed',
    ]) {
      expect(typeof delivery[field], field).toBe('boolean');
    }
    for (const field of ['otp', 'note', 'signature_image', 'tracking_id'])
      expect(typeof delivery[field], field).toBe('string');
    for (const field of ['payment_type', 'amount', 'delivery_slot_from', 'delivery_slot_to'])
      expect(typeof delivery[field], field).toBe('number');
    expect(Array.isArray(delivery.proof_of_delivery_images)).toBe(true);
  });
});

describe('filters, each alone', () => {
  it('status', async () => {
    const jobs = await allJobs('status=7');
    expect(jobs.length).toBe(countJobs('status = ?', 7));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.status === 7)).toBe(true);
  });

  it('branch_id: the branch of the first pickup', async () => {
    const jobs = await allJobs('branch_id=LDN-01');
    expect(jobs.length).toBe(countJobs('branch_id = ?', 'LDN-01'));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.pickups[0]!.branch!.id === 'LDN-01')).toBe(true);
  });

  it('team_id', async () => {
    const jobs = await allJobs('team_id=team-3');
    expect(jobs.length).toBe(countJobs('team_id = ?', 'team-3'));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.team_id === 'team-3')).toBe(true);
  });

  it('timestamp_from and timestamp_to on created_at, each bound inclusive', async () => {
    const { jobs } = await jobsPage();
    const t = jobs[5]!.created_at;
    const from = await allJobs(`timestamp_from=${t}`);
    expect(from.length).toBe(countJobs('created_at >= ?', t));
    expect(from.every((j) => j.created_at >= t)).toBe(true);
    expect(from.some((j) => j.created_at === t)).toBe(true);

    const to = await jobsPage(`timestamp_to=${t}`);
    expect(to.total_records).toBe(countJobs('created_at <= ?', t));
    expect(to.jobs[0]!.created_at).toBe(t); // newest first: the boundary job leads

    const exact = await allJobs(`timestamp_from=${t}&timestamp_to=${t}`);
    expect(exact.map((j) => j.id)).toContain(jobs[5]!.id);
    expect(exact.every((j) => j.created_at === t)).toBe(true);
    expect(
      (await jobsPage(`timestamp_from=${t + 1}&timestamp_to=${t + 1}`)).jobs.map((j) => j.id),
    ).not.toContain(jobs[5]!.id);
    expect(
      (await jobsPage(`timestamp_from=${t - 1}&timestamp_to=${t - 1}`)).jobs.map((j) => j.id),
    ).not.toContain(jobs[5]!.id);
  });

  it('a filter nothing matches gives an empty first page with zero totals', async () => {
    const body = await jobsPage('branch_id=NOPE-01');
    expect(body).toEqual({ jobs: [], total_records: 0, page: 1, total_pages: 0 });
  });
});

describe('filters combined', () => {
  it('status + branch + team + time window', async () => {
    const to = TEST_REFERENCE_TIME;
    const from = to - 20 * 86_400;
    // The branch and team with the most delivered jobs in the window: the seed decides which.
    const { branch, team } = server.db
      .prepare(
        `SELECT branch_id AS branch, team_id AS team FROM jobs WHERE status = 7 AND created_at BETWEEN ? AND ?
         GROUP BY branch_id, team_id ORDER BY count(*) DESC, branch_id, team_id LIMIT 1`,
      )
      .get(from, to) as { branch: string; team: string };
    const query = `status=7&branch_id=${branch}&team_id=${team}&timestamp_from=${from}&timestamp_to=${to}`;
    const jobs = await allJobs(query);
    const expected = countJobs(
      'status = ? AND branch_id = ? AND team_id = ? AND created_at BETWEEN ? AND ?',
      7,
      branch,
      team,
      from,
      to,
    );
    expect(jobs.length).toBe(expected);
    expect(jobs.length).toBeGreaterThan(0);
    expect(
      jobs.every((j) => j.status === 7 && j.team_id === team && j.pickups[0]!.branch!.id === branch),
    ).toBe(true);
  });

  it('status + branch', async () => {
    const body = await jobsPage('status=7&branch_id=BER-01');
    expect(body.total_records).toBe(countJobs('status = 7 AND branch_id = ?', 'BER-01'));
  });
});

describe('filters in a JSON body (the spec sample) and in the query string', () => {
  it('accepts the filters as a JSON body on GET', async () => {
    const response = await api.getWithBody('/v1/jobs', { status: 7, branch_id: 'LDN-01', page: 2 });
    expect(response.status).toBe(200);
    const body = JobsResponse.parse(response.json());
    expect(body).toEqual(await jobsPage('status=7&branch_id=LDN-01&page=2'));
  });

  it('lets the query string win on conflict and merges the rest', async () => {
    const response = await api.getWithBody('/v1/jobs?status=9', { status: 7, team_id: 'team-1' });
    const body = JobsResponse.parse(response.json());
    expect(body.total_records).toBe(countJobs('status = 9 AND team_id = ?', 'team-1'));
    expect(body.jobs.length).toBeGreaterThan(0);
    expect(body.jobs.every((j) => j.status === 9)).toBe(true);
  });

  it('treats empty values as absent, in the query string and the body', async () => {
    const all = await jobsPage();
    expect(await jobsPage('status=&branch_id=&team_id=&timestamp_from=&timestamp_to=&page=')).toEqual(all);
    const response = await api.getWithBody('/v1/jobs', { status: '', branch_id: '', team_id: null });
    expect(JobsResponse.parse(response.json())).toEqual(all);
  });

  it('takes an empty body with a JSON content type as no filters', async () => {
    const response = await api.getWithBody('/v1/jobs', '');
    expect(response.status).toBe(200);
    expect(JobsResponse.parse(response.json()).total_records).toBe(TEST_JOBS);
  });

  it('refuses a body that is not an object of filters', async () => {
    const response = await api.getWithBody('/v1/jobs', [1, 2]);
    expect(response.status).toBe(400);
    parseError(400, response.json());
  });

  it('validates body values as strictly as query values', async () => {
    const response = await api.getWithBody('/v1/jobs', { page: 0 });
    expect(response.status).toBe(400);
    expect(parseError(400, response.json()).error.details).toContainEqual(
      expect.objectContaining({ path: 'page' }),
    );
  });
});

describe('pagination edges and invalid parameters', () => {
  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['status=seven', 'status'],
    ['timestamp_from=yesterday', 'timestamp_from'],
    ['timestamp_from=200&timestamp_to=100', 'timestamp_from'],
  ])('%s → 400 with a detail on %s', async (query, path) => {
    const response = await api.get(`/v1/jobs?${query}`);
    expect(response.status).toBe(400);
    const { error } = parseError(400, await response.json());
    expect(error.details?.map((d) => d.path)).toContain(path);
  });

  it('refuses unknown parameters (a typo must not silently list everything)', async () => {
    const response = await api.get('/v1/jobs?stauts=7');
    expect(response.status).toBe(400);
    parseError(400, await response.json());
  });

  it('returns an empty page past the end, with the true totals', async () => {
    const body = await jobsPage('page=11');
    expect(body).toEqual({ jobs: [], total_records: TEST_JOBS, page: 11, total_pages: 10 });
    expect((await jobsPage('page=999999')).total_records).toBe(TEST_JOBS);
  });

  it('returns a partial last page', async () => {
    // A status whose count is not a multiple of the page size: the seed decides which.
    const status = server.db
      .prepare(
        'SELECT status FROM jobs GROUP BY status HAVING count(*) % 20 <> 0 ORDER BY count(*) DESC, status LIMIT 1',
      )
      .pluck()
      .get() as number;
    const first = await jobsPage(`status=${status}`);
    expect(first.total_records % 20).not.toBe(0);
    const last = await jobsPage(`status=${status}&page=${first.total_pages}`);
    expect(last.jobs).toHaveLength(first.total_records % 20);
    expect(last.total_records).toBe(first.total_records);
  });
});

describe('page size', () => {
  it('follows the pageSize option', async () => {
    const small = await startTestServer({ jobs: 30, pageSize: 7 });
    try {
      const body = JobsResponse.parse(await client(small).getJson('/v1/jobs?page=5'));
      expect(body).toMatchObject({ total_records: 30, total_pages: 5, page: 5 });
      expect(body.jobs).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});

describe('GET /v1/jobs after a write', () => {
  it('never serves a page from before the write: embedded branches show the update at once', async () => {
    const before = await jobsPage();
    const branchId = before.jobs[0]!.pickups[0]!.branch!.id;
    const rename = `Renamed ${Date.now()}`;
    const put = await fetch(`${server.url}/v1/branches/${branchId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { name: rename } }),
    });
    expect(put.status).toBe(200);
    const after = await jobsPage();
    const names = after.jobs.flatMap((j) =>
      j.pickups.filter((p) => p.branch?.id === branchId).map((p) => p.branch!.name),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set([rename]));
  });
});
