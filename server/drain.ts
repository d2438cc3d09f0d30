/**
 * Shutting down without cutting anyone off. While the server drains it keeps listening:
 * requests under way finish, and every new one, on a new
 * or a kept-alive connection, is answered at once 503 with `Retry-After` and `Connection: close`,
 * so each client learns the server is going and drops its connection itself. Refused requests do
 * no work and are not waited for: clients that reconnect at once cannot keep the server from
 * stopping. Once the requests under way have finished (and at least QUIET_MS after the signal),
 * the server stops listening and closes. Connections still open `graceMs` after the signal (a
 * stuck client: the body and header timeouts bound it) are cut, so shutdown always completes.
 *
 * One log line per drain, with its counts; the refused requests are not logged one by one.
 */
import type { IncomingMessage } from 'node:http';
import * as net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError, sendError } from './errors';

/** The least time between the signal and closing, for kept-alive clients sending as it arrived. */
const QUIET_MS = 250;
const POLL_MS = 25;
/** At most this long, refusals wait while the listening socket closes (see `close`). */
const HOLD_MS = 500;
/** Seconds a refused client is asked to wait: about what a restart takes. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildServer (app.ts): `closeServer` drains through it. */
    drain: ReturnType<typeof installDrain>;
  }
}

/** Requests answered 503 while draining: not logged one by one (request-log.ts). */
const refused = new WeakSet<IncomingMessage>();
export const refusedWhileDraining = (request: IncomingMessage): boolean => refused.has(request);

export interface DrainCounts {
  /** Requests under way at the signal that finished, answered whole. */
  finished: number;
  /** Requests that arrived after the signal, answered 503. */
  refused: number;
  /** Connections still open at the end of the grace period, cut. */
  cut: number;
  milliseconds: number;
}

export function describeDrain(counts: DrainCounts): string {
  const n = (value: number) => value.toLocaleString('en-GB');
  return (
    `Drained in ${n(Math.round(counts.milliseconds))} ms: ${n(counts.finished)} requests under way finished, ` +
    `${n(counts.refused)} refused with 503 (Retry-After: ${DRAIN_RETRY_AFTER_SECONDS}), ${n(counts.cut)} connections cut`
  );
}

export function installDrain(app: FastifyInstance) {
  let draining = false;
  let underWay = 0;
  let finishedSinceSignal = 0;
  let refusedCount = 0;
  let lastArrival = 0;
  const onStart = new Set<() => void>();
  /** While the listening socket closes, refusals wait for this (see `close`). */
  let held: Promise<void> | null = null;
  const openConnections = () =>
    new Promise<number>((done) => app.server.getConnections((_error, count) => done(count)));
  app.server.on('connection', () => (lastArrival = performance.now()));
  // Fastify's own listener runs first, and with it (synchronously) the onRequest hook below.
  app.server.on('request', (request: IncomingMessage, response) => {
    lastArrival = performance.now();
    if (refused.has(request)) return;
    underWay++;
    response.once('close', () => {
      underWay--;
      if (draining && response.writableFinished) finishedSinceSignal++;
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      refused.add(request.raw);
      refusedCount++;
      if (held) await held;
      return sendError(
        reply,
        new ApiError(503, 'The server is shutting down; try again shortly', [], {
          'Retry-After': String(DRAIN_RETRY_AFTER_SECONDS),
          Connection: 'close',
        }),
      );
    }
  });
  return {
    /** `listener` runs when draining starts: long responses (a stream of changes) end then. */
    onStart(listener: () => void): void {
      onStart.add(listener);
    },
    /**
     * Drains, then closes the server (see above); at most `graceMs` before connections are cut.
     * Resolves with the counts, logged as one line.
     */
    async close(graceMs: number): Promise<DrainCounts> {
      draining = true;
      for (const listener of onStart) listener();
      const started = performance.now();
      const deadline = started + graceMs;
      const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));
      while (performance.now() < deadline && (underWay > 0 || performance.now() - started < QUIET_MS)) {
        await pause();
      }
      // Closing the listening socket resets the connections the kernel has completed and the
      // server not taken in yet; clients that reconnect at once always have one there. So the
      // refusals are held for a moment first: every such client is then waiting for its answer
      // on a connection taken in, none is connecting, and the socket closes with none pending.
      // The connections taken in stay open (Node's http close would end those that have not
      // sent their request yet, resetting it): the held requests are then answered 503.
      if (app.server.listening) {
        let release = () => {};
        held = new Promise((resolve) => (release = resolve));
        const holdUntil = Math.min(deadline, performance.now() + HOLD_MS);
        while (performance.now() < holdUntil && performance.now() - lastArrival < HOLD_MS / 2) {
          await pause();
        }
        await new Promise((resolve) => setImmediate(resolve));
        net.Server.prototype.close.call(app.server);
        held = null;
        release();
      }
      // Then wait for them to be answered and closed by their clients; what is left once nothing
      // has arrived for a moment is kept-alive connections with nothing to send, closed next.
      while (
        performance.now() < deadline &&
        (await openConnections()) > 0 &&
        performance.now() - lastArrival < QUIET_MS
      ) {
        await pause();
      }
      let cut = 0;
      const cutAll = setTimeout(
        () => {
          app.server.getConnections((_error, open) => (cut = open));
          app.server.closeAllConnections();
        },
        Math.max(0, deadline - performance.now()),
      );
      cutAll.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(cutAll);
      }
      const counts: DrainCounts = {
        finished: finishedSinceSignal,
        refused: refusedCount,
        cut,
        milliseconds: performance.now() - started,
      };
      app.log.info(describeDrain(counts));
      return counts;
    },
  };
}
