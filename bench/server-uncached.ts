/**
 * The uncached page path of GET /v1/jobs: `npx tsx bench/server-uncached.ts [--jobs 100000]
 * [--pages 400] [--seconds 10] [--db path] [--no-documents] [--prof dir]`. Seeds a database
 * file (or uses `--db` as it is), starts the server in a child process with its page cache
 * off, so every request builds its page (queries, JSON, compression), and cycles pages 1-N of
 * the whole list at 50 connections with `Accept-Encoding: br`. The job documents the pages are
 * built from are kept as the server keeps them (`--no-documents`: none, every job read whole for
 * every page). Prints `server_jobs_uncached_rps` and the server's CPU ms per request (from
 * /proc, steadier than rates on a shared machine). `--prof`: the server's --cpu-prof there.
 * Prints figures only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db';
import { seed } from '../server/seed';
import { jobsLoad } from './lib/load';
import { startServers } from './lib/servers';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string' },
    pages: { type: 'string' },
    seconds: { type: 'string' },
    db: { type: 'string' },
    'no-documents': { type: 'boolean' },
    prof: { type: 'string' },
  },
});
const JOBS = Number(values.jobs ?? 100_000);
const PAGES = Number(values.pages ?? 400);
const SECONDS = Number(values.seconds ?? 10);
const TOKEN = 'bench-token';

const dir = mkdtempSync(join(tmpdir(), 'dispatch-uncached-'));
const dbPath = values.db ?? join(dir, 'bench.db');
try {
  if (!values.db || !existsSync(dbPath)) {
    const db = openDatabase(dbPath);
    const started = performance.now();
    seed(db, { seed: 42, jobs: JOBS, referenceTime: Math.floor(Date.now() / 1000) });
    db.close();
    console.log(`seeded ${JOBS} jobs in ${Math.round(performance.now() - started)} ms`);
  }
  const servers = await startServers(
    {
      dbPath,
      token: TOKEN,
      instances: [
        {
          name: 'app',
          pageSize: 20,
          pageCacheBytes: 0,
          ...(values['no-documents'] ? { jobDocumentBytes: 0 } : {}),
        },
      ],
    },
    values.prof,
  );
  try {
    const load = {
      baseUrl: servers.urls.app!,
      token: TOKEN,
      filter: 'branch_embed=full',
      totalPages: PAGES,
      serverPid: servers.pid,
      acceptEncoding: 'br',
    };
    // Warm-up: every page once, so the job documents are built (as on a server that has run a while).
    for (let page = 1; page <= PAGES; page++) {
      const response = await fetch(`${load.baseUrl}/v1/jobs?${load.filter}&page=${page}`, {
        headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'br' },
      });
      await response.arrayBuffer();
    }
    await jobsLoad({ ...load, connections: 10, seconds: 2 });
    const r = await jobsLoad({ ...load, connections: 50, seconds: SECONDS });
    console.log(
      JSON.stringify({
        server_jobs_uncached_rps: Math.round(r.rps),
        server_jobs_uncached_cpu_ms_per_request: r.serverCpuMsPerRequest?.toFixed(2),
        server_cpu_share: r.serverCpuShare?.toFixed(2),
        p99_ms: r.p99,
        requests: r.requests,
        non2xx: r.non2xx,
      }),
    );
  } finally {
    await servers.close();
  }
} finally {
  if (!values.db) rmSync(dir, { recursive: true, force: true });
}
