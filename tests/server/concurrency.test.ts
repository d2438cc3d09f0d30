/**
 * Two editors saving the same branch at once. The editors talk to two server processes over
 * one database file (this test process, and `npm run server` as a child process), so their
 * updates really run side by side and only the database's transactions keep them apart: a
 * single Node process runs each synchronous update to completion and could not show a torn write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, closeServer } from '../../server/app';
import { openDatabase, type Database } from '../../server/db';
import { seed } from '../../server/seed';
import { BranchResponse, WEEKDAYS, type Branch } from '../../src/contract';
import { getBranch } from '../support/branches';
import { TEST_REFERENCE_TIME } from '../support/server';
import { parseError, rawRequest, type RawResponse } from './http';

const TOKEN = 'concurrency-token';
const ROUNDS = 200;
const RENAME_ROUNDS = 30;
const IF_MATCH_ROUNDS = 100;

let dir: string;
let db: Database;
let app: FastifyInstance;
let child: ChildProcess;
/** The two servers: [this process, the child process]. */
let urls: [string, string];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-concurrency-'));
  const path = join(dir, 'dispatch.db');
  db = openDatabase(path);
  seed(db, { seed: 11, jobs: 200, referenceTime: TEST_REFERENCE_TIME });
  app = buildServer({ db, tokens: [TOKEN] });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // The database is seeded, so the child only opens it.
  child = spawn(resolve('node_modules/.bin/tsx'), [resolve('server/run.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: path,
      API_TOKENS: TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const childUrl = await new Promise<string>((found, fail) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /Dispatch reference server on (http:\/\/\S+)/.exec(stdout);
      if (match) found(match[1]!);
    });
    child.on('exit', (code) => fail(new Error(`the child server exited (${code}):\n${stderr}`)));
  });
  urls = [`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, childUrl];
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  if (app) await closeServer(app, 1000);
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${TOKEN}` };

function put(
  server: 0 | 1,
  id: string,
  branch: object,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(`${urls[server]}/v1/branches/${id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ branch }),
  });
}

const EDITABLE = [
  'name',
  'active',
  'coordinates',
  'formatted_address',
  'contacts',
  'delivery_zones',
] as const;
type FullBody = Pick<Branch, (typeof EDITABLE)[number]>;

const editable = (branch: Branch): FullBody =>
  Object.fromEntries(EDITABLE.map((key) => [key, branch[key]])) as FullBody;

/** A closed counter-clockwise 48-gon, rounded to 6 decimals as the client sends it. */
function circle(lon: number, lat: number, radius: number): number[][] {
  const ring = Array.from({ length: 48 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 48;
    return [
      Number((lon + radius * Math.cos(angle)).toFixed(6)) + 0, // + 0: JSON has no -0
      Number((lat + radius * Math.sin(angle) * 0.6).toFixed(6)),
    ];
  });
  return [...ring, ring[0]!];
}

/**
 * A whole branch as one editor saves it: everything differs between editors and rounds, and
 * the sizes too (so a mix of two saves can't pass for either one).
 */
function fullBody(editor: 'A' | 'B', round: number): FullBody {
  const a = editor === 'A';
  const contacts = Array.from({ length: a ? 12 + (round % 7) : 30 + (round % 11) }, (_, i) => ({
    name: `${editor}${round} contact ${i}`,
    phone: `+44 20 ${String(7000 + round).padStart(4, '0')} ${String(i).padStart(4, '0')}`,
    work_timings: { from: a ? '07:00 AM' : '09:30 AM', to: a ? '03:00 PM' : '11:00 PM' },
    work_days: WEEKDAYS.filter((_, d) => (d + i + round) % (a ? 2 : 3) !== 0),
  }));
  const features = Array.from({ length: a ? 3 + (round % 4) : 9 + (round % 5) }, (_, i) => ({
    type: 'Feature' as const,
    id: `${editor}-${round}-${i}`,
    properties: { name: `Zone ${editor}${round}.${i}`, editor },
    geometry: {
      type: 'Polygon' as const,
      coordinates: [circle(-0.5 + i * 0.1, a ? 51.3 : 51.7, 0.03 + (round % 5) * 0.002)],
    },
  }));
  return {
    name: `Editor ${editor}, save ${round}`,
    active: a ? round % 2 === 0 : round % 2 === 1,
    coordinates: { latitude: Number((51.5 + (a ? 0.01 : -0.01)).toFixed(6)), longitude: a ? -0.12 : -0.08 },
    formatted_address: `${round} ${a ? 'Alpha' : 'Bravo'} Street, London, United Kingdom`,
    contacts,
    delivery_zones: { type: 'FeatureCollection', features },
  };
}

describe('two editors saving the same branch at once', () => {
  it(`${ROUNDS} rounds: both answered 200, the last save wins whole, updated_at only grows`, async () => {
    const id = 'BER-01';
    let previous = (await getBranch({ url: urls[0], token: TOKEN }, id))!.updated_at;
    const winners = { A: 0, B: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      const bodies = { A: fullBody('A', round), B: fullBody('B', round) };
      // Alternate which server each editor talks to.
      const [a, b] = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const [responseA, responseB] = await Promise.all([put(a, id, bodies.A), put(b, id, bodies.B)]);
      expect(
        [responseA.status, responseB.status],
        `round ${round}: ${responseA.text.slice(0, 200)} ${responseB.text.slice(0, 200)}`,
      ).toEqual([200, 200]);

      // Each save read back its own whole body inside its transaction...
      const savedA = BranchResponse.parse(responseA.json()).branch;
      const savedB = BranchResponse.parse(responseB.json()).branch;
      expect(editable(savedA)).toEqual(bodies.A);
      expect(editable(savedB)).toEqual(bodies.B);
      // ...got its own stamp, later than anything before...
      expect(savedA.updated_at).not.toBe(savedB.updated_at);
      expect(Math.min(savedA.updated_at, savedB.updated_at)).toBeGreaterThan(previous);

      // ...and the stored branch is exactly the later save: no field, contact or zone of the other.
      const last = savedA.updated_at > savedB.updated_at ? 'A' : 'B';
      winners[last]++;
      const stored = (await getBranch({ url: urls[0], token: TOKEN }, id))!;
      expect(editable(stored), `round ${round}`).toEqual(bodies[last]);
      expect(stored.updated_at).toBe(Math.max(savedA.updated_at, savedB.updated_at));
      previous = stored.updated_at;
    }
    console.log(`concurrent saves: the last writer was A ${winners.A} times, B ${winners.B} times`);
  }, 60_000);

  it(`${IF_MATCH_ROUNDS} rounds with the same If-Match: exactly one save lands, the other is 412 and leaves no trace`, async () => {
    const id = 'PAR-01';
    const wins = { A: 0, B: 0 };
    for (let round = 0; round < IF_MATCH_ROUNDS; round++) {
      const read = await rawRequest(`${urls[0]}/v1/branches/${id}`, { headers: auth });
      const etag = read.headers.etag as string;
      expect(etag, `round ${round}`).toMatch(/^"\d+\.\d+"$/);
      const bodies = { A: fullBody('A', round), B: fullBody('B', round) };
      const [a, b] = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const condition = { 'if-match': etag };
      const [responseA, responseB] = await Promise.all([
        put(a, id, bodies.A, condition),
        put(b, id, bodies.B, condition),
      ]);
      const statuses = [responseA.status, responseB.status];
      expect(
        [...statuses].sort(),
        `round ${round}: ${responseA.text.slice(0, 200)} ${responseB.text.slice(0, 200)}`,
      ).toEqual([200, 412]);

      const [winner, saved, refused] =
        responseA.status === 200
          ? (['A', responseA, responseB] as const)
          : (['B', responseB, responseA] as const);
      wins[winner]++;
      parseError(412, refused.json());
      // The stored branch is the winner's save whole, under the ETag its answer gave.
      const stored = await rawRequest(`${urls[1]}/v1/branches/${id}`, { headers: auth });
      expect(editable(BranchResponse.parse(stored.json()).branch), `round ${round}`).toEqual(bodies[winner]);
      expect(stored.headers.etag).toBe(saved.headers.etag);
      expect(saved.headers.etag).not.toBe(etag);
    }
    console.log(`If-Match races: A saved ${wins.A} times, B ${wins.B} times, the other was 412 each time`);
  }, 60_000);

  it(`${RENAME_ROUNDS} rounds of one editor renaming while the other edits: the rename always lands, the edit lands only if it came first`, async () => {
    const jobsOf = (branchId: string) =>
      db.prepare('SELECT count(*) FROM jobs WHERE branch_id = ?').pluck().get(branchId) as number;
    let current = 'MAD-01';
    const jobs = jobsOf(current);
    expect(jobs).toBeGreaterThan(0);
    const outcomes = { editFirst: 0, renameFirst: 0 };

    for (let round = 0; round < RENAME_ROUNDS; round++) {
      const before = (await getBranch({ url: urls[0], token: TOKEN }, current))!;
      const next = `MAD-${String(round + 2).padStart(2, '0')}`;
      const rename = { id: next, name: `Madrid, renamed in round ${round}` };
      const edit = fullBody('B', 1000 + round);
      const [a, b] = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const [renamed, edited] = await Promise.all([put(a, current, rename), put(b, current, edit)]);

      // The rename never fails: the new id is free, and an edit does not block it.
      expect(renamed.status, renamed.text).toBe(200);
      expect(await getBranch({ url: urls[0], token: TOKEN }, current)).toBeNull();
      const stored = (await getBranch({ url: urls[0], token: TOKEN }, next))!;
      expect(stored.id).toBe(next);
      expect(stored.name).toBe(rename.name);
      expect(jobsOf(next)).toBe(jobs);
      expect(jobsOf(current)).toBe(0);

      if (edited.status === 200) {
        // The edit committed first; the rename then carried it along (and only changed the name).
        outcomes.editFirst++;
        expect(editable(stored)).toEqual({ ...edit, name: rename.name });
      } else {
        // The rename committed first: the edit found no branch at the old id, and left no trace.
        outcomes.renameFirst++;
        expect(edited.status).toBe(404);
        parseError(404, edited.json());
        expect(editable(stored)).toEqual({ ...editable(before), name: rename.name });
      }
      current = next;
    }
    console.log(
      `rename vs edit: the edit came first ${outcomes.editFirst} times, the rename ${outcomes.renameFirst} times`,
    );
  }, 60_000);
});
