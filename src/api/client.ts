import type * as z from 'zod/mini';
import { issueMessage } from '../contract/errors';
import { takeEarlyGet } from './early';
import { ApiError, errorFromResponse, errorMessage } from './errors';

export type QueryValue = string | number | boolean | null | undefined;

/**
 * A schema loaded when first needed, so that building it is not part of the first load:
 * - with `read`, a fast hand-written path (src/contract/job-read.ts) reads the response, and
 *   the zod schema it mirrors loads only when that path refuses the data (the schema then
 *   accepts it, or its issues make the error message);
 * - without, the schema loads with the first response it reads.
 */
export type LazySchema<T> = {
  read?: (json: unknown) => T | undefined;
  schema: () => Promise<z.ZodMiniType<T>>;
};

/** Schemas are used through their own methods: the client imports no zod, so the first load has none. */
export type ResponseSchema<T> = z.ZodMiniType<T> | LazySchema<T>;

export type RequestOptions<T> = {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The response is parsed through this schema; a mismatch is an ApiError of kind 'contract'. */
  schema: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Overrides the client's default timeout for this request. */
  timeoutMs?: number;
};

export type ApiClientOptions = {
  baseUrl: string;
  getToken: () => string | null;
  /** Called on every 401 so the app can send the user to sign in. */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type ApiClient = {
  readonly baseUrl: string;
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
  return `${s < 10 ? Number(s.toFixed(1)) : Math.round(s)} second${s === 1 ? '' : 's'}`;
}

function describeHost(baseUrl: string): string {
  if (!baseUrl) return 'this site';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function isLazySchema<T>(schema: ResponseSchema<T>): schema is LazySchema<T> {
  return typeof (schema as Partial<LazySchema<T>>).schema === 'function';
}

/**
 * The thin api layer: base URL, Bearer header, timeout, response parsing through the
 * contract, and one typed error with a human message for every way a request can fail.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getToken, onUnauthorized, timeoutMs = 20_000 } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const host = describeHost(baseUrl);

  async function request<T>(path: string, opts: RequestOptions<T>): Promise<T> {
    const { method = 'GET', query, body, schema, signal } = opts;
    const limit = opts.timeoutMs ?? timeoutMs;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) controller.abort();

    const fail = (e: unknown): never => {
      if (timedOut) {
        throw new ApiError('timeout', `The service did not answer within ${formatSeconds(limit)}. Try again.`, { cause: e });
      }
      if (signal?.aborted) throw new ApiError('aborted', 'The request was cancelled.', { cause: e });
      throw new ApiError(
        'network',
        `Could not reach the service at ${host}: the connection failed or was dropped. Check your network and try again.`,
        { cause: e },
      );
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
        if (error.kind === 'unauthorized') onUnauthorized?.(error);
        throw error;
      }
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch (e) {
        const looksHtml = /<html|<!doctype/i.test(text);
        throw new ApiError(
          'invalid_json',
          looksHtml
            ? 'The service sent a web page instead of data (usually a proxy or sign-in page in between).'
            : 'The service sent a response that is not valid JSON (it may have been cut off). Try again.',
          { status: response.status, cause: e },
        );
      }
      let exact: z.ZodMiniType<T>;
      if (isLazySchema(schema)) {
        if (schema.read) {
          const fast = schema.read(json);
          if (fast !== undefined) return fast;
          // The fast path may have normalised part of `json` before refusing: the schema reads a fresh copy.
          json = JSON.parse(text);
        }
        try {
          exact = await schema.schema();
        } catch (e) {
          // The schema's chunk did not load (offline, or a new version deployed meanwhile).
          throw new ApiError(
            'network',
            `The dashboard could not load the code that reads this answer (${errorMessage(e)}). Reload the page to try again.`,
            { status: response.status, cause: e },
          );
        }
      } else exact = schema;
      const parsed = exact.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length ? issue.path.join('.') : 'the response';
        throw new ApiError(
          'contract',
          `The service sent data this dashboard cannot read: at ${where}, ${issue ? issueMessage(issue) : 'unexpected shape'}.`,
          { status: response.status, details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i) })) },
        );
      }
      return parsed.data;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return { baseUrl, request };
}
