import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { refusedWhileDraining } from './drain';

/** Query parameter names that carry credentials (`access_token`, `id_token`, `x-api-key`, `client_secret`...). */
const SECRET_PARAM =
  /token|secret|passw|api[-_]?key|^key$|auth|bearer|jwt|session|^sig(nature)?$|credential/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The request URL as received, with secrets masked: the values of credential-looking query
 * parameters, and any path segment or query parameter that holds one of `secrets` (the
 * server's tokens), in whatever encoding.
 */
export function loggableUrl(url: string, secrets: readonly string[] = []): string {
  const known = secrets.filter((secret) => secret.length > 0);
  const holdsSecret = (raw: string) => {
    const text = decoded(raw);
    return known.some((secret) => raw.includes(secret) || text.includes(secret));
  };
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart))
    .split('/')
    .map((segment) => (holdsSecret(segment) ? '***' : segment))
    .join('/');
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  if (!query) return path;
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (holdsSecret(name)) return '***';
    return SECRET_PARAM.test(decoded(name)) || holdsSecret(pair) ? `${name}=***` : pair;
  });
  return `${path}?${pairs.join('&')}`;
}

/**
 * One line per request, when it completes: method, URL (secrets masked), status, duration.
 * Headers (and so tokens) are never logged; Fastify's own "incoming request" and "not found"
 * lines are off. Requests refused while the server drains are counted in the drain's one line
 * instead (drain.ts).
 */
export class CompactRequestLog extends LogController {
  /** `secrets`: the accepted tokens, masked wherever they appear in a URL. */
  constructor(private readonly secrets: readonly string[] = []) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (refusedWhileDraining(request.raw)) return;
    const line = `${request.method} ${loggableUrl(request.url, this.secrets)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
    if (error) request.log.error({ err: error }, line);
    else request.log.info(line);
  }
}
