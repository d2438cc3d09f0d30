/**
 * Slow clients (server/app.ts, ConnectionLimits): a body sent a few bytes a second and headers
 * never finished are answered 408 and closed once their timeout passes, each logged once, while
 * /healthz answers meanwhile; and connections over the cap are closed as they arrive.
 */
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer, closeServer } from '../../server/app';
import { ConfigError, readConfig } from '../../server/config';
import { MEMORY, openDatabase, type Database } from '../../server/db';

const TOKEN = 'timeout-token';
const lines: string[] = [];
let db: Database;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  db = openDatabase(MEMORY);
  app = buildServer({
    db,
    tokens: [TOKEN],
    connections: { headersTimeoutMs: 1000, requestTimeoutMs: 1500, maxConnections: 40 },
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await closeServer(app, 1000);
  db.close();
});

/** A connection and what it receives until it closes. */
function slowClient() {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const closed = new Promise<string>((done) => {
    socket.on('close', () => done(received));
    socket.on('error', () => undefined);
  });
  return { socket, closed };
}

const dripping = (socket: Socket) => {
  const timer = setInterval(() => socket.writable && socket.write('{'), 100);
  socket.on('close', () => clearInterval(timer));
};

describe('slow clients', () => {
  it('are answered 408 and closed, each logged once, while /healthz answers', async () => {
    // Ten PUTs whose body arrives a byte every 100 ms, and ten requests whose headers never end.
    const bodies = Array.from({ length: 10 }, () => {
      const client = slowClient();
      client.socket.write(
        `PUT /v1/branches/LDN-01 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
      dripping(client.socket);
      return client;
    });
    const headers = Array.from({ length: 10 }, () => {
      const client = slowClient();
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      return client;
    });
    let ended = 0;
    for (const client of [...bodies, ...headers]) void client.closed.then(() => ended++);
    // Meanwhile (none of them answered yet), health answers on a connection of its own.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
    expect(health.status).toBe(200);
    expect(ended).toBe(0);

    const answers = await Promise.all([...bodies, ...headers].map((client) => client.closed));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer).toContain('Connection: close');
      expect(answer).toContain('"The request took too long to arrive"');
    }
    const slow = lines.filter((line) => line.includes('too slow to send its request'));
    expect(slow).toHaveLength(20);
    expect(slow.every((line) => JSON.parse(line).level === 40)).toBe(true);
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('over the connection cap are closed as they arrive, and those within it are served', async () => {
    const held = Array.from({ length: 40 }, () => slowClient());
    await Promise.all(held.map(({ socket }) => new Promise((done) => socket.once('connect', done))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const over = slowClient();
    over.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await over.closed).toBe('');
    for (const { socket } of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } })).status,
    ).toBe(200);
  });
});

describe('the limits from the environment', () => {
  it('default to 10 s for headers, 30 s for a request and 1,000 connections, and are read in seconds', () => {
    expect(readConfig({}).connections).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxConnections: 1_000,
    });
    expect(
      readConfig({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '60', MAX_CONNECTIONS: '200' })
        .connections,
    ).toEqual({ headersTimeoutMs: 5_000, requestTimeoutMs: 60_000, maxConnections: 200 });
    expect(() => readConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(ConfigError);
  });
});
