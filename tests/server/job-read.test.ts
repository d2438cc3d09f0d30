import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsResponse } from '../../src/contract';
import { readJobsResponse } from '../../src/contract/job-read';
import { startTestServer, type TestServer } from '../support/server';
import { client } from './http';

/*
 * The hand-written jobs reader (src/contract/job-read.ts) must read exactly what the zod
 * schema reads: the same value for what both accept, a refusal for what the schema refuses.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let server: TestServer;
/** Pages of the reference server, with branches embedded in full and as summaries. */
const pages: { name: string; body: Json }[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobs: 120, pageSize: 60 });
  const api = client(server);
  for (const query of ['page=1', 'page=2', 'page=1&branch_embed=summary', 'page=2&branch_embed=summary']) {
    pages.push({ name: query, body: await api.getJson<Json>(`/v1/jobs?${query}`) });
  }
});
afterAll(async () => {
  await server.close();
});

/** Both readers on their own copy of `input`: the reader normalises in place. */
function bothWays(input: unknown) {
  const fast = readJobsResponse(structuredClone(input));
  const exact = JobsResponse.safeParse(structuredClone(input));
  return { fast, exact };
}

function expectSameReading(input: unknown, label: string): boolean {
  const { fast, exact } = bothWays(input);
  expect(fast === undefined, `${label}: reader ${fast === undefined ? 'refused' : 'accepted'}, schema ${exact.success ? 'accepted' : 'refused'}`).toBe(!exact.success);
  if (exact.success) expect(fast, label).toStrictEqual(exact.data);
  return exact.success;
}

type Path = (string | number)[];

/**
 * Every place in `value` a mutation can hit: each key of each object (and each object and
 * array itself), the first element of each array. Inside a branch's zones and contacts, which
 * the reader drops unread, only the lists themselves.
 */
function paths(value: Json, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) out.push([...at, 0], ...paths(value[0]!, [...at, 0]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([...at, key]);
      if (key !== 'delivery_zones' && key !== 'contacts') out.push(...paths(child, [...at, key]));
    }
  }
  return out;
}

const DELETE = Symbol('delete');
const VARIANTS: (Json | typeof DELETE)[] = [DELETE, null, '', 'x', '7', 0, 7, -1, 1.5, 2 ** 53, true, false, [], [1], {}, { x: 1 }];

function mutated(page: Json, path: Path, to: Json | typeof DELETE): Json {
  const copy = structuredClone(page);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (to === DELETE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = to;
  return copy;
}

/** A page of one job: the first job of `page` with a rider, pickups and deliveries. */
function oneJobPage(page: Json): Json {
  const body = page as { jobs: { rider: unknown; pickups: unknown[]; deliveries: { payment_type: unknown }[] }[] };
  const job = body.jobs.find((j) => j.rider !== null && j.pickups.length > 0 && j.deliveries.some((d) => d.payment_type !== null));
  expect(job, 'a job with a rider and stops').toBeDefined();
  return { ...(page as object), jobs: [job] } as Json;
}

describe('the jobs reader agrees with the JobsResponse schema', () => {
  it('on pages of the reference server, embedded branches in full and as summaries', () => {
    expect(pages).toHaveLength(4);
    for (const { name, body } of pages) {
      expect((body as { jobs: unknown[] }).jobs.length, name).toBeGreaterThan(0);
      expect(expectSameReading(body, name), name).toBe(true);
    }
  });

  it('drops the lists of a stop branch, as StopBranch does, and keeps unknown fields elsewhere', () => {
    const page = structuredClone(pages[0]!.body) as { jobs: { pickups: { branch: Record<string, unknown> }[]; extra?: string }[] };
    page.jobs[0]!.extra = 'kept';
    const read = readJobsResponse(page)!;
    const job = read.jobs[0] as (typeof read.jobs)[number] & { extra?: string };
    expect(job.extra).toBe('kept');
    expect(job.pickups[0]!.branch).not.toHaveProperty('delivery_zones');
    expect(job.pickups[0]!.branch).not.toHaveProperty('contacts');
  });

  it('on every field of a job removed, nulled or given each wrong type', () => {
    let accepted = 0;
    let refused = 0;
    for (const source of [pages[0]!, pages[2]!]) {
      const page = oneJobPage(source.body);
      const all = paths(page);
      expect(all.length).toBeGreaterThan(100);
      for (const path of all) {
        for (const variant of VARIANTS) {
          const label = `${source.name}: ${path.join('.')} = ${variant === DELETE ? '(removed)' : JSON.stringify(variant)}`;
          if (expectSameReading(mutated(page, path, variant), label)) accepted++;
          else refused++;
        }
      }
    }
    // Both outcomes are well represented: the mutations reach fields of every kind.
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('on responses that are not pages', () => {
    for (const input of [null, [], {}, 'jobs', { jobs: {} }, { jobs: [], total_records: -1, page: 1, total_pages: 0 }]) {
      expect(bothWays(input).fast, JSON.stringify(input)).toBeUndefined();
      expect(bothWays(input).exact.success).toBe(false);
    }
  });
});
