import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const SECRET_PARAM = /^(access_?token|token|api_?key|key|secret|password|auth.*)$/i;

/** The request URL with the values of secret-looking query parameters masked. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '***');
  }
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}

/**
 * One line per request, when it completes: method, URL, status, duration. Headers (and so
 * tokens) are never logged; Fastify's own "incoming request" and "not found" lines are off.
 */
export class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${loggableUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
    if (error) request.log.error({ err: error }, line);
    else request.log.info(line);
  }
}
