import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** Deep enough for any valid body (a zone position sits at depth 8), shallow enough to stay off the stack limits. */
export const MAX_JSON_DEPTH = 32;

type DoneCallback = (error: Error | null, body?: unknown) => void;

/** True when `value` nests objects/arrays deeper than `max` (iterative: safe on any input). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Only `application/json` bodies are accepted (any other type: 415). Parsing is Fastify's
 * (secure-json-parse, refusing `__proto__` and `constructor.prototype`), plus a depth limit so
 * no later recursion over the body can overflow the stack. An empty body on a GET means
 * "no filters" (clients that always send Content-Type).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // The default parser comes in its callback form.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: DoneCallback,
  ) => void;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: DoneCallback) => {
    if (body.length === 0 && request.method === 'GET') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, (error, value) => {
      if (error) done(error);
      else if (nestsDeeperThan(value, MAX_JSON_DEPTH))
        done(new ApiError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`));
      else done(null, value);
    });
  });
}
