import { z } from './zod';

export const ErrorDetail = z.looseObject({
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Error body of the reference server (docs/design.md, decision 7). */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(ErrorDetail)),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  428: 'precondition_required',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'service_unavailable',
  507: 'insufficient_storage',
} as const;

/** The `error.code` of a status: its own, or that of 500 (server errors) or 400 (any other). */
export function errorCodeOf(status: number): string {
  return (
    (ERROR_CODES as Record<number, string>)[status] ?? (status >= 500 ? ERROR_CODES[500] : ERROR_CODES[400])
  );
}

/** Turns a zod issue path into the dotted form used in `details[].path` (`branch.contacts.0.name`). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/**
 * A readable message for an issue. `zod/mini` ships no locale, so issues without a message
 * of ours are described here (the server configures the English locale instead).
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items long' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items long' : ''}`;
    default:
      return issue.message || 'invalid value';
  }
}

/** Zod issues as error details. */
export function issuesToDetails(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issuePath([...prefix, ...issue.path]),
    message: issueMessage(issue),
  }));
}
