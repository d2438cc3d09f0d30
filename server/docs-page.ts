/**
 * `/docs`: the OpenAPI document as one HTML page, rendered here from the document itself.
 * No script at all and one stylesheet from this server, so it reads the same offline, behind
 * a strict CSP, and in any browser.
 */

type Json = Record<string, unknown>;
type Schema = Json;

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export const DOCS_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Markdown within a line: `code` and **strong**. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** The Markdown of the descriptions: paragraphs, "- " lists, `code` and **strong**. */
export function markdown(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('');
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A short type expression, with links to named schemas. */
function typeLabel(schema: Schema): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as Schema[])
      .filter((part) => typeof part.$ref === 'string')
      .map(typeLabel)
      .join(' &amp; ');
  }
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) return union.map(typeLabel).join(' | ');
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) {
    return `one of ${schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`;
  }
  if (Array.isArray(schema.prefixItems)) {
    return `[${(schema.prefixItems as Schema[]).map(typeLabel).join(', ')}]`;
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.length === 0) return 'any';
  return types
    .map((type) =>
      type === 'array' && isObject(schema.items) ? `array of ${typeLabel(schema.items)}` : type,
    )
    .join(' | ');
}

const CONSTRAINTS: [string, string][] = [
  ['minimum', '≥'],
  ['maximum', '≤'],
  ['minLength', 'length ≥'],
  ['maxLength', 'length ≤'],
  ['minItems', 'items ≥'],
  ['maxItems', 'items ≤'],
  ['pattern', 'matches'],
  ['default', 'default'],
];

function constraints(schema: Schema): string {
  const items = isObject(schema.items) ? schema.items : undefined;
  const parts: string[] = [];
  for (const source of [schema, items]) {
    if (!source) continue;
    for (const [key, label] of CONSTRAINTS) {
      if (key in source) {
        const value = key === 'pattern' ? String(source[key]) : JSON.stringify(source[key]);
        parts.push(`${source === items ? 'each ' : ''}${label} <code>${escapeHtml(value)}</code>`);
      }
    }
  }
  return parts.length > 0 ? `<span class="constraints">${parts.join(' · ')}</span>` : '';
}

/** The inline object a property holds, directly, as array items, or as the non-null member of a union. */
function inlineObject(schema: Schema): Schema | undefined {
  if (isObject(schema.properties)) return schema;
  if (isObject(schema.items)) return inlineObject(schema.items);
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) {
    for (const member of union) {
      const found = inlineObject(member);
      if (found) return found;
    }
  }
  return undefined;
}

function otherFields(schema: Schema): string {
  if (schema.additionalProperties === false) return '<p class="note">No other fields are accepted.</p>';
  if (isObject(schema.additionalProperties)) return '<p class="note">Other fields are allowed and kept.</p>';
  return '';
}

function propertiesTable(schema: Schema): string {
  const properties = schema.properties as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([name, property]) => {
    const nested = inlineObject(property);
    return (
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="required">required</span>' : ''}</td>` +
      `<td>${typeLabel(property)}</td>` +
      `<td>${markdown(property.description as string | undefined)}${constraints(property)}` +
      `${nested ? propertiesTable(nested) + otherFields(nested) : ''}</td></tr>`
    );
  });
  return `<table class="fields"><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A schema: its type, constraints and, for an object, a table of its fields (nested objects inside). */
function schemaView(schema: Schema): string {
  const object = inlineObject(schema);
  const head = object === schema ? '' : `<p class="type">${typeLabel(schema)} ${constraints(schema)}</p>`;
  return object ? `${head}${propertiesTable(object)}${otherFields(object)}` : head;
}

/** A request or response body: a link to its named schema, or the schema itself. */
function bodyView(schema: Schema): string {
  return typeof schema.$ref === 'string'
    ? `<p class="type">Body: ${typeLabel(schema)}</p>`
    : schemaView(schema);
}

function parametersTable(parameters: Json[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((parameter) => {
    const schema = (parameter.schema ?? {}) as Schema;
    return (
      `<tr><td><code>${escapeHtml(String(parameter.name))}</code>${parameter.required ? ' <span class="required">required</span>' : ''}</td>` +
      `<td>${escapeHtml(String(parameter.in))}</td><td>${typeLabel(schema)}</td>` +
      `<td>${markdown(parameter.description as string | undefined)}${constraints(schema)}</td></tr>`
    );
  });
  return `<h4>Parameters</h4><table class="fields"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function contentSchema(holder: Json): Schema | undefined {
  const content = holder.content as Record<string, { schema?: Schema }> | undefined;
  return content ? Object.values(content)[0]?.schema : undefined;
}

function headersList(headers: Json | undefined): string {
  if (!headers) return '';
  const items = Object.entries(headers).map(
    ([name, header]) =>
      `<li><code>${escapeHtml(name)}</code>: ${inline(String((header as Json).description ?? ''))}</li>`,
  );
  return `<ul class="headers">${items.join('')}</ul>`;
}

function resolveResponse(doc: Json, response: Json): { name?: string; response: Json } {
  if (typeof response.$ref !== 'string') return { response };
  const name = refName(response.$ref);
  const responses = (doc.components as Json).responses as Record<string, Json>;
  return { name, response: responses[name]! };
}

function responseView(doc: Json, status: string, raw: Json): string {
  const { name, response } = resolveResponse(doc, raw);
  const schema = contentSchema(response);
  return (
    `<div class="response"><h5><span class="status s${status[0]}">${escapeHtml(status)}</span>` +
    `${name ? ` <a href="#response-${escapeHtml(name)}">${escapeHtml(name)}</a>` : ''}</h5>` +
    `${markdown(response.description as string)}${name ? '' : headersList(response.headers as Json | undefined)}` +
    `${!name && schema ? bodyView(schema) : ''}</div>`
  );
}

interface Operation {
  method: string;
  path: string;
  operation: Json;
  parameters: Json[];
}

function operations(doc: Json): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [
        ...((item.parameters as Json[]) ?? []),
        ...((operation.parameters as Json[]) ?? []),
      ];
      found.push({ method, path, operation, parameters });
    }
  }
  return found;
}

const operationId = (op: Operation) => `op-${escapeHtml(String(op.operation.operationId))}`;

function operationView(doc: Json, op: Operation): string {
  const { operation } = op;
  const security = operation.security ?? doc.security;
  const needsToken = Array.isArray(security) && security.length > 0;
  const body = operation.requestBody as Json | undefined;
  const bodySchema = body ? contentSchema(body) : undefined;
  const responses = Object.entries(operation.responses as Record<string, Json>);
  return (
    `<article class="operation" id="${operationId(op)}">` +
    `<h3><span class="method ${op.method}">${op.method.toUpperCase()}</span> <code>${escapeHtml(op.path)}</code></h3>` +
    `<p class="summary">${escapeHtml(String(operation.summary ?? ''))} · ${needsToken ? 'Bearer token' : 'no token'}</p>` +
    markdown(operation.description as string | undefined) +
    parametersTable(op.parameters) +
    (bodySchema
      ? `<h4>Request body</h4>${markdown(body!.description as string | undefined)}${bodyView(bodySchema)}`
      : '') +
    `<h4>Responses</h4>${responses.map(([status, response]) => responseView(doc, status, response)).join('')}` +
    '</article>'
  );
}

/** The whole page for `doc`, linking the JSON at `documentUrl`. */
export function renderDocsPage(doc: Json, documentUrl: string): string {
  const info = doc.info as Json;
  const components = doc.components as Json;
  const schemas = Object.entries(components.schemas as Record<string, Schema>);
  const errorResponses = Object.entries(components.responses as Record<string, Json>);
  const schemes = Object.entries(components.securitySchemes as Record<string, Json>);
  const all = operations(doc);
  const tags = (doc.tags as Json[]).map((tag) => ({
    tag,
    ops: all.filter((op) => (op.operation.tags as string[]).includes(String(tag.name))),
  }));
  const title = escapeHtml(String(info.title));

  const nav =
    tags
      .map(
        ({ tag, ops }) =>
          `<h2>${escapeHtml(String(tag.name))}</h2><ul>${ops
            .map(
              (op) =>
                `<li><a href="#${operationId(op)}"><span class="method ${op.method}">${op.method.toUpperCase()}</span> ${escapeHtml(op.path)}</a></li>`,
            )
            .join('')}</ul>`,
      )
      .join('') +
    `<h2>Schemas</h2><ul>${schemas.map(([name]) => `<li><a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a></li>`).join('')}</ul>` +
    `<h2><a href="#errors">Error responses</a></h2>`;

  const main =
    `<section id="overview">${markdown(info.description as string)}</section>` +
    `<section id="authentication"><h2>Authentication</h2>${schemes
      .map(
        ([name, scheme]) =>
          `<p><code>${escapeHtml(name)}</code>: HTTP ${escapeHtml(String(scheme.scheme))}, header <code>Authorization: Bearer &lt;token&gt;</code>.</p>${markdown(scheme.description as string)}`,
      )
      .join('')}</section>` +
    tags
      .map(
        ({ tag, ops }) =>
          `<section><h2>${escapeHtml(String(tag.name))}</h2>${markdown(tag.description as string)}${ops.map((op) => operationView(doc, op)).join('')}</section>`,
      )
      .join('') +
    `<section id="schemas"><h2>Schemas</h2>${schemas
      .map(
        ([name, schema]) =>
          `<article class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${markdown(schema.description as string | undefined)}${schemaView(schema)}</article>`,
      )
      .join('')}</section>` +
    `<section id="errors"><h2>Error responses</h2>${errorResponses
      .map(
        ([name, response]) =>
          `<article class="schema" id="response-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${markdown(response.description as string)}${headersList(response.headers as Json | undefined)}<p class="type">Body: ${typeLabel(contentSchema(response) ?? {})}</p></article>`,
      )
      .join('')}</section>`;

  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/docs/docs.css"></head><body>` +
    `<header><h1>${title}</h1><p>Version ${escapeHtml(String(info.version))} · OpenAPI ${escapeHtml(String(doc.openapi))} · ` +
    `<a href="${escapeHtml(documentUrl)}">the document as JSON</a></p></header>` +
    `<div class="layout"><nav aria-label="Contents">${nav}</nav><main>${main}</main></div></body></html>`
  );
}

export const DOCS_CSS = `:root { color-scheme: light dark; --fg: #1d2430; --muted: #5b6472; --bg: #fff; --panel: #f5f7fa; --line: #dde2ea; --accent: #2457c5; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e8ee; --muted: #9aa4b2; --bg: #14181e; --panel: #1c222a; --line: #2c343f; --accent: #7ea6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 16px 24px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0; font-size: 22px; }
header p { margin: 4px 0 0; color: var(--muted); }
a { color: var(--accent); }
.layout { display: grid; grid-template-columns: 260px minmax(0, 1fr); }
nav { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; padding: 16px 24px; border-right: 1px solid var(--line); font-size: 14px; }
nav h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 16px 0 4px; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li { margin: 2px 0; }
nav a { text-decoration: none; }
main { padding: 8px 32px 64px; max-width: 1100px; }
main h2 { margin-top: 40px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
article { margin: 24px 0; padding: 16px 20px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
article h3 { margin: 0 0 4px; font-size: 18px; }
h4 { margin: 20px 0 6px; }
h5 { margin: 12px 0 4px; font-size: 15px; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 44px; padding: 1px 6px; border-radius: 4px; font: 600 12px/1.6 ui-monospace, monospace; text-align: center; color: #fff; background: #2f6f3e; }
.method.put { background: #8a5a00; }
.method.post { background: #2457c5; }
.method.delete { background: #a4262c; }
.status { font-family: ui-monospace, monospace; font-weight: 600; }
.s4, .s5 { color: #b3261e; }
@media (prefers-color-scheme: dark) { .s4, .s5 { color: #ff8a80; } }
.summary { color: var(--muted); margin: 0 0 8px; }
.required { font-size: 12px; color: #b3261e; }
@media (prefers-color-scheme: dark) { .required { color: #ff8a80; } }
.constraints { display: block; color: var(--muted); font-size: 13px; }
.note, .type { color: var(--muted); font-size: 13px; margin: 4px 0; }
table.fields { width: 100%; border-collapse: collapse; margin: 4px 0; font-size: 14px; }
table.fields th, table.fields td { text-align: left; vertical-align: top; padding: 6px 8px; border-top: 1px solid var(--line); }
table.fields td:first-child { white-space: nowrap; }
table.fields th { color: var(--muted); font-weight: 600; font-size: 13px; }
table.fields td p { margin: 0 0 4px; }
table.fields table.fields { background: var(--bg); }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 8px 16px 48px; } }
`;
