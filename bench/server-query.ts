/**
 * GET /v1/jobs latency on a large database: `npx tsx bench/server-query.ts [--jobs 100000] [--runs 20]`.
 * Seeds a temporary database file, starts the server on an ephemeral port and prints, per
 * scenario: the first request (cold: count not cached), the median / p90 of the next runs over
 * real HTTP (client in the same process, so JSON parsing of the ~200 KB page is included), and
 * the median of the repository call alone (queries + assembly, no HTTP, no serialisation).
 * Prints figures only; never fails on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../server/app';
import { openDatabase } from '../server/db';
import { BranchRepository } from '../server/repo/branches';
import { JobRepository } from '../server/repo/jobs';
import { JobsQuery } from '../src/contract';
import { seed } from '../server/seed';

const { values } = parseArgs({ options: { jobs: { type: 'string' }, runs: { type: 'string' } } });
const JOBS = Number(values.jobs ?? 100_000);
const RUNS = Number(values.runs ?? 20);
const TOKEN = 'bench-token';
const PAGE_SIZE = 20;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-bench-'));
  const db = openDatabase(join(dir, 'bench.db'));
  const app = buildServer({ db, tokens: [TOKEN], pageSize: PAGE_SIZE });
  try {
    const started = performance.now();
    seed(db, { seed: 42, jobs: JOBS, referenceTime: 1_767_225_600 });
    console.log(`Seeded ${JOBS} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/jobs`;
    const get = async (query: string) => {
      const t0 = performance.now();
      const response = await fetch(`${base}?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = (await response.json()) as { jobs: unknown[]; total_pages: number; total_records: number };
      if (!response.ok) throw new Error(`${query}: HTTP ${response.status}`);
      return { ms: performance.now() - t0, body };
    };

    const branch = db
      .prepare('SELECT branch_id FROM jobs GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1')
      .pluck()
      .get() as string;
    const filtered = `status=7&branch_id=${branch}`;
    const { body: probe } = await get(`${filtered}&page=1`);
    const allPages = Math.ceil(JOBS / PAGE_SIZE);
    const scenarios: [string, string][] = [
      ['(a) no filter, page 1', 'page=1'],
      ['(b) status + branch, page 1', `${filtered}&page=1`],
      [`(c) no filter, page ${Math.min(4000, allPages)}`, `page=${Math.min(4000, allPages)}`],
      [`(d) status + branch, last page (${probe.total_pages})`, `${filtered}&page=${probe.total_pages}`],
      ['(e) team + status, page 10', 'team_id=team-3&status=6&page=10'],
      [
        '(f) 7-day window, page 50',
        `timestamp_from=${1_767_225_600 - 7 * 86_400}&timestamp_to=1767225600&page=50`,
      ],
    ];

    const repository = new JobRepository(db, new BranchRepository(db));
    const invalidateCounts = db.prepare('UPDATE riders SET updated_at = updated_at WHERE id = 1'); // any write bumps the data version
    console.log(`\nGET /v1/jobs, page size ${PAGE_SIZE}, ${RUNS} runs each (ms)\n`);
    const columns = ['cold', 'median', 'p90', 'repo', 'jobs', 'records'];
    console.log(`${'scenario'.padEnd(42)} ${columns.map((c) => c.padStart(7)).join(' ')}`);
    for (const [label, query] of scenarios) {
      invalidateCounts.run();
      const cold = await get(query);
      const http: number[] = [];
      for (let i = 0; i < RUNS; i++) http.push((await get(query)).ms);
      const { page, ...filters } = JobsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const repo: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        repository.list(filters, page, PAGE_SIZE);
        repo.push(performance.now() - t0);
      }
      [http, repo].forEach((times) => times.sort((a, b) => a - b));
      const cells = [cold.ms, percentile(http, 0.5), percentile(http, 0.9), percentile(repo, 0.5)].map((ms) =>
        ms.toFixed(1),
      );
      cells.push(String(cold.body.jobs.length), String(cold.body.total_records));
      console.log(`${label.padEnd(42)} ${cells.map((c) => c.padStart(7)).join(' ')}`);
    }
  } finally {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
