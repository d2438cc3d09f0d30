import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompressedPage } from './compressed-pages';
import { sendBytes } from './send-bytes';

/** Content codings the server sends, in its order of preference. */
export type Coding = 'br' | 'gzip';
const CODINGS: readonly (Coding | 'identity')[] = ['br', 'gzip', 'identity'];

/** Bodies smaller than this are sent as they are: compression would save a few bytes at best. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Settings for compression at run time, chosen by measurement (CPU ms and bytes per page of 20
 * jobs with whole branches, 238 KB of JSON; docs/performance.md): brotli 1 takes 0.40 ms for
 * 17.5 KB, 2 0.85 ms for 16.6 KB, 4 1.23 ms for 15.3 KB, 5 2.1 ms for 14.2 KB: quality 1 sends
 * 15 % more bytes than 4 for a third of its CPU. gzip 1 takes 1.0 ms for 27.9 KB, 6 2.1 ms for
 * 20.9 KB: level 1, half the CPU for a third more bytes, as br is what browsers ask for over
 * HTTPS. Built files are compressed harder, once, at build time (scripts/precompress.ts).
 */
const BROTLI_RUNTIME = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP_RUNTIME = { level: 1 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies up to this size (a page of 20 jobs) are compressed on the event loop, in 1 ms at most:
 * cheaper than a trip through zlib's thread pool. Larger ones (a page of 1,000) go to the pool.
 */
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|wasm|xml)|image\/svg\+xml|[^;]*\+json)/i;

export function isCompressibleType(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);
}

/** The coding to answer with, from the request's Accept-Encoding (q-values honoured); null for none. */
export function negotiateCoding(request: FastifyRequest): Coding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  const chosen = negotiate(header.toLowerCase(), CODINGS as (Coding | 'identity')[]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  const brotli = {
    ...BROTLI_RUNTIME,
    params: { ...BROTLI_RUNTIME.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  };
  if (body.length <= SYNC_COMPRESS_MAX_BYTES) {
    try {
      return Promise.resolve(
        coding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, GZIP_RUNTIME),
      );
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return coding === 'br' ? brotliAsync(body, brotli) : gzipAsync(body, GZIP_RUNTIME);
}

/** RFC 9110 §8.8.3.2 weak comparison: `W/"x"` and `"x"` match. */
function weakMatch(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/**
 * A response body computed once and sent many times (a built file, a cached page of jobs,
 * the OpenAPI document): its strong ETag and its compressed forms are made once, the
 * compressed ones on first demand (`compress`: small bodies at once, large ones in zlib's
 * thread pool) or handed in ready (`precompressed`, from the build). Each coding has its own ETag (`"hash"`,
 * `"hash-br"`, `"hash-gzip"`), as RFC 9110 asks of different representations.
 */
export class Representation {
  readonly etag: string;
  readonly compressible: boolean;
  private readonly variants = new Map<Coding, Buffer | Promise<Buffer | null> | null>();

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    precompressed: Partial<Record<Coding, Buffer>> = {},
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    this.compressible = body.length >= COMPRESS_MIN_BYTES && isCompressibleType(contentType);
    for (const [coding, bytes] of Object.entries(precompressed) as [Coding, Buffer][]) {
      this.variants.set(coding, bytes.length < body.length ? bytes : null);
    }
  }

  /** The body in `coding`, or null when that coding would not make it smaller. */
  variant(coding: Coding): Buffer | null | Promise<Buffer | null> {
    const known = this.variants.get(coding);
    if (known !== undefined) return known;
    const pending = compress(this.body, coding).then((bytes) => {
      const kept = bytes.length < this.body.length ? bytes : null;
      this.variants.set(coding, kept);
      return kept;
    });
    pending.catch(() => this.variants.delete(coding)); // an error is the request's; a later one tries again
    this.variants.set(coding, pending);
    return pending;
  }

  etagOf(coding: Coding | null): string {
    return coding === null ? this.etag : `${this.etag.slice(0, -1)}-${coding}"`;
  }
}

/**
 * Sends `representation` as the request negotiates it: compressed when the client accepts
 * br or gzip (with `Vary: Accept-Encoding`), its ETag, and 304 without a body when
 * `If-None-Match` names that ETag. HEAD gets the same headers (Fastify drops the body).
 * `headers` (Cache-Control, CSP...) go on every answer, 304 included.
 */
export async function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  headers: Readonly<Record<string, string>> = {},
): Promise<FastifyReply> {
  reply.headers(headers);
  reply.header('Content-Type', representation.contentType);
  let coding: Coding | null = null;
  let body = representation.body;
  if (representation.compressible) {
    reply.header('Vary', 'Accept-Encoding');
    const wanted = negotiateCoding(request);
    const compressed = wanted === null ? null : await representation.variant(wanted);
    if (compressed !== null) {
      coding = wanted;
      body = compressed;
    }
  }
  return sendEncoded(request, reply, representation.etagOf(coding), coding, body);
}

/**
 * Sends a page kept compressed (server/compressed-pages.ts) as `sendRepresentation` would
 * send the representation it came from.
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CompressedPage,
  contentType: string,
  headers: Readonly<Record<string, string>> = {},
): FastifyReply {
  reply.headers(headers);
  reply.header('Content-Type', contentType);
  reply.header('Vary', 'Accept-Encoding');
  return sendEncoded(request, reply, page.etag, page.coding, page.bytes);
}

function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  coding: Coding | null,
  body: Buffer,
): FastifyReply {
  reply.header('ETag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && weakMatch(ifNoneMatch, etag)) {
    return reply.code(304).removeHeader('Content-Type').send();
  }
  if (coding !== null) reply.header('Content-Encoding', coding);
  return sendBytes(reply, body);
}

/**
 * Compresses the other responses (a branch, the list of branches, the answer to a PUT, a long
 * error) when they are large enough and the client accepts it: made for each response, so
 * only for those that are not already negotiated (a `Representation` sets Vary itself).
 */
export function installResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('Content-Encoding') || reply.hasHeader('Vary')) return payload;
    const contentType = reply.getHeader('Content-Type');
    if (typeof contentType !== 'string' || !isCompressibleType(contentType)) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    reply.header('Vary', 'Accept-Encoding');
    const coding = negotiateCoding(request);
    if (coding === null) return payload;
    const compressed = await compress(body, coding);
    if (compressed.length >= body.length) return payload;
    reply.header('Content-Encoding', coding);
    // Each coding is its own representation, with its own ETag (as `Representation.etagOf`).
    const etag = reply.getHeader('ETag');
    if (typeof etag === 'string' && etag.endsWith('"'))
      reply.header('ETag', `${etag.slice(0, -1)}-${coding}"`);
    return compressed;
  });
}
