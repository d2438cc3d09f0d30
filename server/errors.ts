import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeOf, type ErrorBody, type ErrorDetail } from '../src/contract';

/** An error with a status and a message meant for the client (docs/design.md, decision 7). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(statusCode: number, message: string, details: ErrorDetail[] = []): ErrorBody {
  return { error: { code: errorCodeOf(statusCode), message, details } };
}

/** Messages for Fastify's own errors about the request body, which would otherwise leak internals. */
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than 1 MiB',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON with Content-Type: application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY:
    'The request body is not valid JSON (keys __proto__ and constructor.prototype are refused)',
};

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer');
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Refused before its body was read (401, 405, 413...): close the connection rather than
  // leave a half-read request holding it open, and shutdown waiting for it.
  if (!reply.request.raw.complete) reply.header('Connection', 'close');
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(error.statusCode, error.message, error.details));
}

export const FULL = 'The server has no room left to store changes (its disk or database is full)';

/** A storage failure of SQLite as what the client is told; null for any other error. */
export function storageError(error: unknown): ApiError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return new ApiError(507, `${FULL}; nothing was saved. Try again once space is freed.`);
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS')
    return new ApiError(503, 'The server’s database is read-only; nothing was saved.');
  if (code.startsWith('SQLITE_IOERR'))
    return new ApiError(503, 'The server could not write to its disk; nothing was saved.');
  if (code === 'SQLITE_BUSY') return new ApiError(503, 'The database is busy; nothing was saved. Try again.');
  return null;
}

export function toApiError(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  const storage = storageError(error);
  if (storage) return storage;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new ApiError(status, FASTIFY_MESSAGES[error.code] ?? 'The request could not be processed');
  }
  return new ApiError(500, 'Something went wrong on the server');
}

/**
 * Every error, ours or Fastify's (body parsing, content type, size), leaves in the same JSON
 * format. `onNotFound` decides what an unmatched route gets (the SPA, or a 404 error).
 */
export function installErrorHandling(
  app: FastifyInstance,
  onNotFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined,
): void {
  app.setErrorHandler<FastifyError | ApiError>((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => {
    return (
      onNotFound?.(request, reply) ??
      sendError(reply, new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}`))
    );
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (malformed request, headers
 * too large, timeout): answered in the same format on the raw socket, which is then closed.
 * A client too slow to send its request (the headers or body timeout) is logged, once.
 */
export function clientErrorHandler(
  this: FastifyInstance | void,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    this?.log.warn(
      `A client too slow to send its request was answered 408 and closed (${socket.remoteAddress ?? 'unknown address'})`,
    );
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
