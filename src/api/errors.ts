import { ErrorBody, type ErrorDetail } from '../contract/errors';
import { apiWords } from './words';

export type ApiErrorKind =
  | 'unauthorized' // 401: the token was refused
  | 'http' // any other non-2xx answer
  | 'network' // no answer at all (offline, DNS, refused, dropped)
  | 'timeout' // no answer in time
  | 'invalid_json' // a 2xx whose body is not JSON (truncated, HTML, text)
  | 'contract' // JSON that breaks the documented shape
  | 'aborted'; // cancelled by the dashboard itself

/** Every failure of the api layer is one of these, with a message a person can read. */
export class ApiError extends Error {
  // Set in the constructor: `declare` keeps the build from defining each field twice.
  declare readonly kind: ApiErrorKind;
  declare readonly status: number | null;
  declare readonly code: string | null;
  declare readonly details: ErrorDetail[];

  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: { status?: number | null; code?: string | null; details?: ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the error class's name
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.code = opts.code ?? null;
    this.details = opts.details ?? [];
  }

  /** Worth retrying as is: the service or the network failed, not the request. */
  get retryable(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      this.kind === 'invalid_json' ||
      (this.kind === 'http' && (this.status === null || this.status >= 500 || this.status === 429))
    );
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A readable message for anything thrown (ApiError or not). */
export { errorMessage } from '../lib/error-message';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

function firstTextLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Turns a non-2xx answer into an ApiError whatever its body: our JSON error format,
 * another JSON shape, an HTML page from a proxy, plain text or nothing.
 */
export function errorFromResponse(status: number, contentType: string, bodyText: string): ApiError {
  let json: unknown = undefined;
  if (bodyText.trim().startsWith('{') || contentType.includes('json')) {
    try {
      json = JSON.parse(bodyText);
    } catch {
      json = undefined;
    }
  }
  const kind: ApiErrorKind = status === 401 ? 'unauthorized' : 'http';
  const body = ErrorBody.safeParse(json);
  if (body.success) {
    const { code, message, details } = body.data.error;
    return new ApiError(kind, message || apiWords().answered(statusLine(status)), {
      status,
      code,
      details,
    });
  }
  if (json && typeof json === 'object') {
    const obj = json as Record<string, unknown>;
    const message = [obj.message, obj.error, obj.detail, obj.title].find(
      (v) => typeof v === 'string' && v.trim(),
    );
    if (typeof message === 'string')
      return new ApiError(kind, `${message} (${statusLine(status)})`, { status });
  }
  if (status === 401) {
    return new ApiError(kind, apiWords().tokenRefused(), { status });
  }
  if (/<html|<!doctype/i.test(bodyText) || contentType.includes('html')) {
    return new ApiError(kind, apiWords().answeredWithPage(statusLine(status)), { status });
  }
  const text = firstTextLine(bodyText);
  return new ApiError(
    kind,
    text ? apiWords().answeredWithText(statusLine(status), text) : apiWords().answered(statusLine(status)),
    {
      status,
    },
  );
}
