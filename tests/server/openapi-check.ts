/**
 * Checks real responses of the reference server against the OpenAPI document it serves:
 * the status must be documented for the operation, the required headers present, and the
 * JSON body valid against the documented schema (Ajv, JSON Schema draft 2020-12).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'vitest';

type Json = Record<string, unknown>;

export interface SeenResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, uncompressed. */
  text: string;
}

const DOCUMENT_ID = 'openapi.json';

export function documentChecker(doc: Json) {
  const components = doc.components as { schemas: Json; responses: Record<string, Json> };
  // OpenAPI keywords beside the schemas (and `components` itself) are not JSON Schema: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: components.schemas } });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (schema: Json): ValidateFunction => {
    // The document's references are relative to it: make them name it.
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
    let validate = compiled.get(text);
    if (!validate) {
      validate = ajv.compile(JSON.parse(text) as Json);
      compiled.set(text, validate);
    }
    return validate;
  };

  const resolve = (response: Json): Json =>
    typeof response.$ref === 'string'
      ? components.responses[response.$ref.slice(response.$ref.lastIndexOf('/') + 1)]!
      : response;

  /** The documented response for a request to `path` (a path of the document, or null for one it does not have). */
  function documented(
    method: string,
    path: string | null,
    status: number,
  ): { response: Json; label: string } {
    const label = `${method} ${path ?? '(unknown path)'} → ${status}`;
    if (path === null) {
      expect(status, label).toBe(404);
      return { response: components.responses.NotFound!, label };
    }
    const item = (doc.paths as Record<string, Json>)[path];
    expect(item, `${path} is not in the document`).toBeDefined();
    const operation = item![method.toLowerCase()] as Json | undefined;
    if (!operation) {
      expect(status, label).toBe(405);
      return { response: components.responses.MethodNotAllowed!, label };
    }
    const responses = operation.responses as Record<string, Json>;
    expect(Object.keys(responses), `${label}: status not documented`).toContain(String(status));
    return { response: resolve(responses[String(status)]!), label };
  }

  function expectResponse(response: Json, label: string, seen: SeenResponse): void {
    for (const [name, header] of Object.entries(
      (response.headers as Record<string, Json> | undefined) ?? {},
    )) {
      if (header.required) expect(seen.headers[name.toLowerCase()], `${label}: header ${name}`).toBeDefined();
    }
    const content = response.content as Record<string, { schema: Json }> | undefined;
    if (!content) {
      expect(seen.text, `${label}: no body documented`).toBe('');
      return;
    }
    expect(seen.headers['content-type'], label).toMatch(/^application\/json/);
    const validate = validatorOf(content['application/json']!.schema);
    const valid = validate(JSON.parse(seen.text));
    expect(valid ? [] : validate.errors, `${label}: body against the document`).toEqual([]);
  }

  return {
    /** Asserts that `seen` is what the document says `method path` answers with its status. */
    expectDocumented(method: string, path: string | null, seen: SeenResponse): void {
      const { response, label } = documented(method, path, seen.status);
      expectResponse(response, label, seen);
    },
    /** Asserts that `seen` is the response the document names `name` (one no operation lists). */
    expectComponent(name: string, seen: SeenResponse): void {
      const response = components.responses[name];
      expect(response, `no response ${name} in the document`).toBeDefined();
      expectResponse(response!, name, seen);
    },
  };
}
