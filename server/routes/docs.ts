import type { FastifyInstance } from 'fastify';
import { DOCS_CSP, DOCS_CSS, renderDocsPage } from '../docs-page';
import { openApiDocument, type OpenApiOptions } from '../openapi';
import { Representation, sendRepresentation } from '../representation';
import { HTML_SECURITY_HEADERS } from './static';
import { rejectOtherMethods } from './method-not-allowed';

export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * The OpenAPI document at `/v1/openapi.json` and its page at `/docs` (with its stylesheet),
 * without a token. Generated from the contract on the first request, then kept: the
 * contract cannot change while the server runs.
 */
export function registerDocsRoutes(app: FastifyInstance, options: OpenApiOptions): void {
  let built: { document: Representation; page: Representation; css: Representation } | undefined;
  const representations = () => {
    if (!built) {
      const doc = openApiDocument(options);
      built = {
        document: new Representation(Buffer.from(JSON.stringify(doc)), 'application/json; charset=utf-8'),
        page: new Representation(Buffer.from(renderDocsPage(doc, OPENAPI_PATH)), 'text/html; charset=utf-8'),
        css: new Representation(Buffer.from(DOCS_CSS), 'text/css; charset=utf-8'),
      };
    }
    return built;
  };
  const revalidate = { 'Cache-Control': 'no-cache' };

  app.get(OPENAPI_PATH, (request, reply) =>
    sendRepresentation(request, reply, representations().document, revalidate),
  );
  app.get('/docs', (request, reply) =>
    sendRepresentation(request, reply, representations().page, {
      ...revalidate,
      ...HTML_SECURITY_HEADERS,
      'Content-Security-Policy': DOCS_CSP,
    }),
  );
  app.get('/docs/docs.css', (request, reply) =>
    sendRepresentation(request, reply, representations().css, revalidate),
  );
  rejectOtherMethods(app, OPENAPI_PATH, ['GET']);
}
