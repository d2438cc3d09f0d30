/**
 * SIGTERM to a real server process (`npm run server`) while a PUT is under way: the PUT
 * finishes and is applied whole, new requests are answered 503, the database is closed, and the
 * process exits with code 0 (within the test's timeout: no limit on the clock, which a shared
 * machine cannot keep).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { BranchRepository } from '../../server/repo/branches';
import { square } from '../support/geo';
import { parseError } from './http';
import { documentChecker } from './openapi-check';
import { MAIN, spawnServer } from './server-process';

const TOKEN = 'shutdown-test-token';
const dir = mkdtempSync(join(tmpdir(), 'dispatch-shutdown-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Node itself with tsx as its loader, so the signal reaches the server as it would in production
 * (the tsx command passes a signal on to its child, but kills it when it has not acknowledged the
 * signal within 30 ms, which a loaded machine does not always manage).
 */
function startServerProcess(databasePath: string) {
  return spawnServer({ PORT: '0', DATABASE_PATH: databasePath, SEED_JOBS: '40', API_TOKENS: TOKEN }, [
    process.execPath,
    ['--import', 'tsx', MAIN],
  ]);
}

/** Collects what arrives on `socket`; `until` resolves once the text so far satisfies a test, or the socket closes. */
function reader(socket: Socket) {
  let text = '';
  let closed = false;
  const listeners: (() => void)[] = [];
  const notify = () => listeners.splice(0).forEach((listener) => listener());
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    notify();
  });
  socket.on('close', () => {
    closed = true;
    notify();
  });
  const until = (test: (text: string) => boolean) =>
    new Promise<string>((done) => {
      const check = () => (test(text) || closed ? done(text) : listeners.push(check));
      check();
    });
  return { until, all: () => until(() => false) };
}

/** The responses in a stream of HTTP/1.1 responses with Content-Length bodies. */
function parseResponses(text: string): { status: number; headers: Record<string, string>; body: string }[] {
  const responses = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

const UPDATE = {
  name: 'Renamed during shutdown',
  contacts: [
    {
      name: 'Night desk',
      phone: '+44 20 7946 0999',
      work_timings: { from: '10:00 PM', to: '06:00 AM' },
      work_days: ['sunday'],
    },
  ],
  delivery_zones: {
    type: 'FeatureCollection',
    features: [
      {
        id: 'shutdown-zone',
        type: 'Feature',
        properties: { name: 'Shutdown zone' },
        geometry: {
          type: 'Polygon',
          coordinates: [square(-0.2, 51.4, 0.2)],
        },
      },
    ],
  },
};

describe('SIGTERM', () => {
  it('finishes the PUT under way, applied whole, answers new work 503, closes the database and exits', async () => {
    const databasePath = join(dir, 'dispatch.db');
    const server = startServerProcess(databasePath);
    const [, port] = await server.output(/on http:\/\/127\.0\.0\.1:(\d+) /);
    const checker = documentChecker(
      (await (
        await fetch(`http://127.0.0.1:${port}/v1/openapi.json`, { headers: { connection: 'close' } })
      ).json()) as Record<string, unknown>,
    );
    const before = (() => {
      const db = openDatabase(databasePath);
      try {
        return new BranchRepository(db).get('LDN-01')!;
      } finally {
        db.close();
      }
    })();
    expect(before.name).not.toBe(UPDATE.name);

    // The PUT's headers go first, with Expect: 100-continue: the server answers 100 once it has
    // the request in hand, before its body has arrived. The request is then under way.
    const body = JSON.stringify({ branch: UPDATE });
    const socket = connect(Number(port), '127.0.0.1');
    const received = reader(socket);
    socket.write(
      `PUT /v1/branches/LDN-01 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(await received.until((text) => text.includes('\r\n\r\n'))).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);

    server.child.kill('SIGTERM');
    await server.output(/SIGTERM received/);
    // While the PUT is still waiting for its body, a new request is answered 503, closing its connection.
    const late = await fetch(`http://127.0.0.1:${port}/v1/jobs`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(late.status).toBe(503);
    expect(late.headers.get('connection')).toBe('close');
    parseError(503, await late.json());

    // The body, and a second request behind it on the same connection.
    socket.write(body);
    socket.write(`GET /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    const responses = parseResponses((await received.all()).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''));

    expect(responses[0]?.status, responses[0]?.body).toBe(200);
    expect((JSON.parse(responses[0]!.body) as { branch: { name: string } }).branch.name).toBe(UPDATE.name);
    // The request behind it, read once the PUT is answered, is refused as the document says.
    expect(responses.map((response) => response.status)).toEqual([200, 503]);
    expect(responses[1]!.headers.connection).toBe('close');
    checker.expectDocumented('GET', '/v1/jobs', { ...responses[1]!, text: responses[1]!.body });

    expect((await server.exited).code).toBe(0);
    // SQLite folds the write-ahead log into the database and deletes it when the last connection closes.
    expect(existsSync(`${databasePath}-wal`)).toBe(false);

    const db = openDatabase(databasePath);
    try {
      const after = new BranchRepository(db).get('LDN-01')!;
      expect(after.name).toBe(UPDATE.name);
      expect(after.contacts).toEqual(UPDATE.contacts);
      expect(after.delivery_zones).toEqual(UPDATE.delivery_zones);
      expect(after.formatted_address).toBe(before.formatted_address);
    } finally {
      db.close();
    }
  });
});

type Outcome = { status: number; retryAfter?: string; connection?: string } | { error: string };

/** One request on a connection of its own; its outcome, or the error code that ended it. */
function requestOnce(port: number, method: 'GET' | 'PUT', path: string, body?: string): Promise<Outcome> {
  return new Promise((done) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          done({
            status: response.statusCode!,
            retryAfter: response.headers['retry-after'],
            connection: response.headers.connection,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ error: `${error.code ?? error.message} (${method})` }),
    );
    request.end(body);
  });
}

describe('SIGTERM under load from clients that reconnect at once', () => {
  it('answers every request, resets none, exits, and logs the drain in one line', async () => {
    const server = startServerProcess(join(dir, 'reconnecting.db'));
    const [, portText] = await server.output(/on http:\/\/127\.0\.0\.1:(\d+) /);
    const port = Number(portText);
    const outcomes: Outcome[] = [];
    let signalled = false;
    let afterSignal = 0;
    // Ten clients, PUTs among them: each sends its next request as soon as the last is answered,
    // on a new connection, until the server is gone (the connection refused).
    const clients = Array.from({ length: 10 }, async (_, client) => {
      for (let i = 0; ; i++) {
        const outcome =
          client % 3 === 0
            ? await requestOnce(
                port,
                'PUT',
                `/v1/branches/LDN-01`,
                JSON.stringify({ branch: { name: `Drain ${client}-${i}` } }),
              )
            : await requestOnce(port, 'GET', `/v1/jobs?page=${1 + (i % 3)}`);
        if ('error' in outcome && outcome.error.startsWith('ECONNREFUSED')) return;
        outcomes.push(outcome);
        if (signalled) afterSignal++;
      }
    });
    // Load first, then the signal in the middle of it.
    while (outcomes.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGTERM');
    signalled = true;
    await Promise.all(clients);
    const { code, stdout, stderr } = await server.exited;

    expect(code, `${stdout.slice(-1500)}\n${stderr}`).toBe(0);
    expect(outcomes.filter((outcome) => 'error' in outcome)).toEqual([]);
    const refusals = outcomes.filter((outcome) => 'status' in outcome && outcome.status === 503);
    expect(afterSignal).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals)
      expect(refusal).toEqual({ status: 503, retryAfter: '5', connection: 'close' });
    expect(outcomes.every((outcome) => 'status' in outcome && [200, 503].includes(outcome.status))).toBe(
      true,
    );

    // One line for the drain, with its counts; none per refused request, and no stack.
    const drainLines = stdout.split('\n').filter((line) => line.includes('Drained in'));
    expect(drainLines).toHaveLength(1);
    expect(drainLines[0]).toContain(`${refusals.length.toLocaleString('en-GB')} refused with 503`);
    expect(stdout).not.toMatch(/ 503 \d/);
    expect(`${stdout}${stderr}`).not.toMatch(/"level":50|\n\s+at /);
    console.log(
      `${outcomes.length} requests, ${refusals.length} answered 503 after SIGTERM: ${drainLines[0]}`,
    );
  }, 60_000);
});
