/**
 * How many control rooms one reference server holds: `npx tsx bench/server-control-rooms.ts
 * [--db path] [--jobs 300000] [--rooms 100] [--ramp 60] [--hold 60] [--refresh 30]`.
 *
 * Starts the server as deployed (server/run.ts: the extension on, SIMULATE=1 so the operation
 * runs and writes every 15 s, its request log on) on a database of `--jobs` jobs over 30 days
 * (300,000: 10,000 a day; seeded first when the file is new, which takes minutes). Then opens
 * `--rooms` control rooms over `--ramp` seconds, each as one tab with the extension reads it:
 * - lists once: the open work (each open status, `per_page=1000`) and the last 7 days
 *   (`timestamp_from`/`timestamp_to`, `per_page=1000`), every page, `branch_embed=summary`,
 *   `Accept-Encoding: br`, taking the list's `Changes-Cursor`;
 * - holds `GET /v1/jobs/stream?since=` that cursor open, reading its events;
 * - every `--refresh` seconds reads `GET /v1/jobs/changes?since=` its last cursor (0: never),
 *   the catch-up a refresh costs with the extension.
 * Meanwhile the jobs screen's page 1 (`branch_embed=summary`, br) is asked for once a second
 * and its latency recorded. When every room has listed, the rooms are held `--hold` seconds.
 * Prints `control_rooms_held` (the rooms whose list completed and whose stream was still open at
 * the end), the page-1 p50 / p99 over the hold and over the ramp, the server's CPU (ms per
 * second of the hold, from /proc) and its resident memory. Prints figures only.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, Agent, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: '/tmp/dispatch-control-rooms.db' },
    jobs: { type: 'string', default: '300000' },
    rooms: { type: 'string', default: '100' },
    ramp: { type: 'string', default: '60' },
    hold: { type: 'string', default: '60' },
    refresh: { type: 'string', default: '30' },
  },
});
const ROOMS = Number(values.rooms);
const RAMP_S = Number(values.ramp);
const HOLD_S = Number(values.hold);
const REFRESH_S = Number(values.refresh);
const TOKEN = 'bench-control-rooms';
const DAY = 86_400;
/** The statuses the default config counts as open (src/config: not delivered, failed or cancelled). */
const OPEN_STATUSES = [1, 2, 3, 4, 5, 6];

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', resolve('server/run.ts')], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: values.db,
    SEED_JOBS: values.jobs,
    API_TOKENS: TOKEN,
    SIMULATE: '1',
    EXTENSIONS: 'on',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const serverPid = server.pid!;
await new Promise<void>((ready, fail) => {
  let out = '';
  let listening = false;
  server.stdout!.on('data', (chunk: Buffer) => {
    if (listening) return; // the request log: read and dropped
    out += chunk.toString();
    if (out.includes(`:${port}`)) {
      listening = true;
      ready();
    }
  });
  server.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening:\n${out}`)));
});
const agent = new Agent({ keepAlive: true, maxSockets: 4 * ROOMS + 16 });
const headers = { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'br' };

/** A GET whose body is read and dropped (a browser would decode it; the server's work is the same). */
function get(path: string): Promise<{ status: number; headers: IncomingMessage['headers']; bytes: number }> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, bytes }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Every page of one list at per_page=1000 (as many as `countPages` found): the first page's Changes-Cursor. */
async function listAll(query: string): Promise<string> {
  let cursor = '';
  for (let page = 1; ; page++) {
    const r = await get(`/v1/jobs?${query}&per_page=1000&branch_embed=summary&page=${page}`);
    if (r.status !== 200) throw new Error(`list ${query} page ${page}: HTTP ${r.status}`);
    if (page === 1) cursor = String(r.headers['changes-cursor']);
    if (page >= pagesOf.get(query)!) break;
  }
  return cursor;
}

/** Pages of each list, from `total_records` of a page 1 read uncompressed once. */
const pagesOf = new Map<string, number>();
async function countPages(query: string): Promise<void> {
  const body = await new Promise<string>((done, fail) => {
    request(
      `${base}/v1/jobs?${query}&per_page=1000&branch_embed=summary&page=999999`,
      { headers: { authorization: `Bearer ${TOKEN}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(text));
        res.on('error', fail);
      },
    )
      .on('error', fail)
      .end();
  });
  pagesOf.set(query, Math.max(1, Number((JSON.parse(body) as { total_pages: number }).total_pages)));
}

interface Room {
  listed: boolean;
  streaming: boolean;
  events: number;
  cursor: string;
  error?: string;
  close(): void;
}

async function openRoom(windowQuery: string): Promise<Room> {
  const room: Room = { listed: false, streaming: false, events: 0, cursor: '', close: () => {} };
  try {
    const cursors = await Promise.all([
      ...OPEN_STATUSES.map((status) => listAll(`status=${status}`)),
      listAll(windowQuery),
    ]);
    // The oldest: nothing after it is missed.
    room.cursor = cursors.sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))[0]!;
    room.listed = true;
  } catch (error) {
    room.error = String(error);
    return room;
  }
  const stream = request(`${base}/v1/jobs/stream?since=${room.cursor}&branch_embed=summary`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  stream.on('response', (res) => {
    room.streaming = res.statusCode === 200;
    res.setEncoding('utf8');
    res.on('data', (text: string) => {
      for (const match of text.matchAll(/^id: (.+)$/gm)) {
        room.events++;
        room.cursor = match[1]!;
      }
    });
    res.on('close', () => (room.streaming = false));
  });
  stream.on('error', (error) => {
    room.streaming = false;
    room.error = String(error);
  });
  stream.end();
  const refresh =
    REFRESH_S > 0
      ? setInterval(() => {
          void get(`/v1/jobs/changes?since=${room.cursor}&branch_embed=summary`).catch(() => {});
        }, REFRESH_S * 1000)
      : undefined;
  room.close = () => {
    if (refresh) clearInterval(refresh);
    stream.destroy();
  };
  return room;
}

/** The jobs screen's page 1, once a second, sequentially: its latencies in ms. */
function watchPageOne(): { times: { at: number; ms: number }[]; stop(): void } {
  const times: { at: number; ms: number }[] = [];
  let on = true;
  void (async () => {
    while (on) {
      const started = performance.now();
      const r = await get('/v1/jobs?page=1&branch_embed=summary').catch(() => ({ status: 0 }));
      if (r.status === 200) times.push({ at: started, ms: performance.now() - started });
      await new Promise((done) => setTimeout(done, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();
  return { times, stop: () => (on = false) };
}

const summary = (times: readonly number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)) };
};

try {
  const now = Math.floor(Date.now() / 1000);
  const windowQuery = `timestamp_from=${now - 7 * DAY}&timestamp_to=${now + DAY}`;
  for (const query of [...OPEN_STATUSES.map((s) => `status=${s}`), windowQuery]) await countPages(query);
  const listPages = [...pagesOf.values()].reduce((a, b) => a + b, 0);
  console.log(
    `one room lists ${listPages} pages of up to 1,000 (${JSON.stringify(Object.fromEntries(pagesOf))})`,
  );

  const pageOne = watchPageOne();
  const rampStarted = performance.now();
  const cpuRampStart = cpuMs(serverPid);
  const opening: Promise<Room>[] = [];
  for (let i = 0; i < ROOMS; i++) {
    opening.push(openRoom(windowQuery));
    await new Promise((done) => setTimeout(done, (RAMP_S * 1000) / ROOMS));
  }
  const rooms = await Promise.all(opening);
  const rampMs = performance.now() - rampStarted;
  const cpuRamp = cpuMs(serverPid) - cpuRampStart;
  const holdStarted = performance.now();
  const cpuHoldStart = cpuMs(serverPid);
  await new Promise((done) => setTimeout(done, HOLD_S * 1000));
  const cpuHold = cpuMs(serverPid) - cpuHoldStart;
  pageOne.stop();
  const held = rooms.filter((r) => r.listed && r.streaming).length;
  const during = (from: number, to: number) =>
    pageOne.times.filter((t) => t.at >= from && t.at < to).map((t) => t.ms);
  const hold = summary(during(holdStarted, Infinity));
  const ramp = summary(during(rampStarted, holdStarted));
  const errors = rooms.filter((r) => r.error).map((r) => r.error);
  console.log(
    JSON.stringify({
      control_rooms_held: held,
      rooms: ROOMS,
      page1_p50_ms: hold.p50,
      page1_p99_ms: hold.p99,
      page1_ramp_p50_ms: ramp.p50,
      page1_ramp_p99_ms: ramp.p99,
      ramp_s: Math.round(rampMs / 1000),
      server_cpu_ms_per_s_ramp: Math.round(cpuRamp / (rampMs / 1000)),
      server_cpu_ms_per_s_hold: Math.round(cpuHold / HOLD_S),
      server_cpu_ms_per_room_list: Math.round(cpuRamp / ROOMS),
      server_rss_mb: rssMb(serverPid),
      stream_events_per_room: Math.round(rooms.reduce((a, r) => a + r.events, 0) / ROOMS),
      errors: errors.length,
      first_error: errors[0],
    }),
  );
  for (const room of rooms) room.close();
} finally {
  agent.destroy();
  server.kill('SIGTERM');
}
