/**
 * Shutting down without cutting anyone off. While the server drains it keeps listening:
 * requests under way finish, and every new one (on a new or a kept-alive connection) is
 * answered 503 with `Connection: close`, so each client learns the server is going and drops
 * its connection itself. Once nothing is under way and nothing has arrived for a moment, the
 * server stops listening and closes; connections still open after the grace period (a stuck
 * client) are cut so shutdown always completes.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** How long the server stays quiet before it stops listening. */
const QUIET_MS = 250;
const POLL_MS = 25;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildServer (app.ts): `closeServer` drains through it. */
    drain: ReturnType<typeof installDrain>;
  }
}

export function installDrain(app: FastifyInstance) {
  let draining = false;
  let underWay = 0;
  let lastArrival = 0;
  const onStart = new Set<() => void>();
  app.server.on('request', (_request, response) => {
    underWay++;
    lastArrival = performance.now();
    response.once('close', () => underWay--);
  });
  app.addHook('onRequest', async () => {
    if (draining) {
      throw new ApiError(503, 'The server is shutting down; try again shortly', [], { Connection: 'close' });
    }
  });
  return {
    /** `listener` runs when draining starts: long responses (a stream of changes) end then. */
    onStart(listener: () => void): void {
      onStart.add(listener);
    },
    /** Drains, then closes the server (see above); at most `graceMs` before connections are cut. */
    async close(graceMs: number): Promise<void> {
      draining = true;
      for (const listener of onStart) listener();
      const deadline = performance.now() + graceMs;
      while (performance.now() < deadline && (underWay > 0 || performance.now() - lastArrival < QUIET_MS)) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const cut = setTimeout(
        () => app.server.closeAllConnections(),
        Math.max(0, deadline - performance.now()),
      );
      cut.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    },
  };
}
