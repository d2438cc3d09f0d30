import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** Deep enough for any valid body (a zone position sits at depth 8), shallow enough to stay off the stack limits. */
export const MAX_JSON_DEPTH = 32;

type DoneCallback = (error: Error | null, body?: unknown) => void;

/** Fatal: invalid UTF-8 is refused rather than read as U+FFFD. A leading BOM is dropped. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** In `u` mode a surrogate pair is one code point, so this matches lone surrogates only. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The `charset` parameter of a Content-Type header, lowercased, or undefined when there is none. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** True when `value` nests objects/arrays deeper than `max` (iterative: safe on any input). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  return inspectJson(value, max) === 'too_deep';
}

/**
 * Whether JSON text can hold a lone surrogate once parsed: only through a `\u` escape of one
 * (D800-DFFF), since the text itself was decoded strictly. False means no string of the
 * parsed value needs the check (a zone of 10,000 corners has no strings to speak of, but its
 * walk used to test each key of each corner).
 */
export function mayHoldSurrogates(text: string): boolean {
  return /\\u[dD][89a-fA-F]/.test(text);
}

/**
 * What would make a parsed body unsafe to process or to store, walking it iteratively (safe
 * on any input): nesting deeper than `maxDepth`, or a key or string holding a lone surrogate
 * (`"\ud800"`: valid JSON, but not Unicode text; the database would store it as U+FFFD).
 * `strings: false` skips the surrogate checks (see `mayHoldSurrogates`). No tuple or entry
 * array per value (the walk of a 10,000-corner zone, 4.3 ms a PUT with them, is ~1.8 ms).
 */
export function inspectJson(
  value: unknown,
  maxDepth: number,
  strings = true,
): 'too_deep' | 'lone_surrogate' | null {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  const walks = (child: unknown) =>
    child !== null && (typeof child === 'object' || (strings && typeof child === 'string'));
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return 'lone_surrogate';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return 'too_deep';
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i];
        if (walks(child)) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (strings && LONE_SURROGATE.test(key)) return 'lone_surrogate';
      const child = record[key];
      if (walks(child)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}

/**
 * Only `application/json` bodies are accepted (any other type: 415), in UTF-8 (RFC 8259 §8.1):
 * another declared charset is 415, bytes that are not UTF-8 are 400 (never stored as U+FFFD).
 * Parsing is Fastify's (secure-json-parse, refusing `__proto__` and `constructor.prototype`),
 * plus a depth limit so no later recursion over the body can overflow the stack. An empty body
 * on a GET means "no filters" (clients that always send Content-Type).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // The default parser comes in its callback form.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: DoneCallback,
  ) => void;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done: DoneCallback) => {
    const bytes = raw as Buffer;
    if (bytes.length === 0 && request.method === 'GET') {
      done(null, undefined);
      return;
    }
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(
        new ApiError(
          415,
          'Send the request body as JSON in UTF-8 (Content-Type: application/json; charset=utf-8)',
        ),
      );
      return;
    }
    let body: string;
    try {
      body = UTF8.decode(bytes);
    } catch {
      done(new ApiError(400, 'The request body is not valid UTF-8'));
      return;
    }
    parseJson(request, body, (error, value) => {
      if (error) {
        done(error);
        return;
      }
      const problem = inspectJson(value, MAX_JSON_DEPTH, mayHoldSurrogates(body));
      if (problem === 'too_deep')
        done(new ApiError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`));
      else if (problem === 'lone_surrogate')
        done(
          new ApiError(
            400,
            'The request body holds text that is not valid Unicode (an unpaired surrogate such as \\ud800)',
          ),
        );
      else done(null, value);
    });
  });
}
