/** HTTP helpers for the server tests: every test talks to a real listening server. */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { ERROR_CODES, ErrorBody } from '../../src/contract';
import type { TestServer } from '../support/server';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (node:http does not decompress, unlike fetch). */
  body: Buffer;
  text: string;
  json(): unknown;
}

/**
 * A request through node:http, which (unlike fetch) can send a body with GET, as the spec's
 * sample request does.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { body } = options;
    // node:http sends a GET body unframed unless told its length.
    const headers =
      body === undefined
        ? options.headers
        : { ...options.headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: bytes,
          text,
          json: () => JSON.parse(text) as unknown,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** fetch helpers bound to a test server and its token. */
export function client(server: TestServer) {
  const auth = { authorization: `Bearer ${server.token}` };
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers: { ...auth, ...headers } }),
    getJson: async <T = unknown>(path: string): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, { headers: auth });
      if (response.status !== 200)
        throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    put: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    /** GET with a JSON body (node:http). */
    getWithBody: (path: string, body: unknown) =>
      rawRequest(`${server.url}${path}`, {
        headers: { ...auth, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

/** Asserts the error format of docs/design.md, decision 7 and returns the parsed body. */
export function parseError(status: number, body: unknown): ErrorBody {
  const parsed = ErrorBody.parse(body);
  expect(parsed.error.code).toBe((ERROR_CODES as Record<number, string>)[status] ?? ERROR_CODES[400]);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  expect(Array.isArray(parsed.error.details)).toBe(true);
  return parsed;
}
