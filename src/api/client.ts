import type { z } from '../contract/zod';
import { issueMessage } from '../contract/errors';
import { takeEarlyGet } from './early';
import { ApiError, errorFromResponse } from './errors';
import { apiWords } from './words';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** More request headers (If-Match). */
  headers?: Record<string, string>;
  /** Sees the answer (its ETag) once it is a success, before its body is parsed. */
  seen?: (response: Response) => void;
  /** The response is parsed through this schema; a mismatch is an ApiError of kind 'contract'. */
  schema: z.ZodMiniType<T>;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  baseUrl: string;
  getToken: () => string | null;
  /**
   * After a 401: one try at a new token (the identity provider's refresh), given the token
   * refused; true when there is one, and the request is then sent once more.
   */
  renew?: (refused: string | null) => Promise<boolean>;
  /** Called on a 401 that renewal did not mend, so the app can send the user to sign in. */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type ApiClient = {
  readonly baseUrl: string;
  /** The access token requests carry now (what it allows: src/api/access.ts). */
  readonly token: () => string | null;
  request<T>(path: string, options: RequestOptions<T>): Promise<T>;
};

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return apiWords().seconds(s < 10 ? Number(s.toFixed(1)) : Math.round(s));
}

function describeHost(baseUrl: string): string {
  if (!baseUrl) return apiWords().thisSite();
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * The thin api layer: base URL, Bearer header, timeout, response parsing through the
 * contract, and one typed error with a human message for every way a request can fail.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getToken, renew, onUnauthorized, timeoutMs = 20_000 } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(path: string, opts: RequestOptions<T>, renewed = false): Promise<T> {
    const { method = 'GET', query, body, schema, signal } = opts;
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = getToken();
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) controller.abort();

    const fail = (e: unknown): never => {
      if (timedOut) {
        throw new ApiError('timeout', apiWords().timeout(formatSeconds(timeoutMs)), { cause: e });
      }
      if (signal?.aborted) throw new ApiError('aborted', apiWords().cancelled(), { cause: e });
      throw new ApiError('network', apiWords().unreachable(describeHost(baseUrl)), { cause: e });
    };

    try {
      let response: Response;
      try {
        const url = buildUrl(baseUrl, path, query);
        const early = method === 'GET' ? takeEarlyGet(url, token, controller.signal) : undefined;
        response = await (early ??
          doFetch(url, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: controller.signal,
          }));
      } catch (e) {
        return fail(e);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (e) {
        return fail(e);
      }
      if (!response.ok) {
        const error = errorFromResponse(response.status, response.headers.get('content-type') ?? '', text);
        if (error.kind === 'unauthorized') {
          if (!renewed && (await renew?.(token))) return request(path, opts, true);
          onUnauthorized?.(error);
        }
        throw error;
      }
      opts.seen?.(response);
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch (e) {
        const looksHtml = /<html|<!doctype/i.test(text);
        throw new ApiError(
          'invalid_json',
          looksHtml ? apiWords().webPageInsteadOfData() : apiWords().notJson(),
          { status: response.status, cause: e },
        );
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length ? issue.path.join('.') : apiWords().theResponse();
        throw new ApiError(
          'contract',
          apiWords().unreadable(where, issue ? issueMessage(issue) : apiWords().unexpectedShape()),
          {
            status: response.status,
            details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i) })),
          },
        );
      }
      return parsed.data;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return { baseUrl, token: getToken, request: (path, opts) => request(path, opts) };
}
