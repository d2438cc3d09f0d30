/**
 * The OpenAPI 3.1 document of the interface, generated from the zod schemas of `src/contract`
 * (zod's JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as it is). Nothing here
 * restates a schema: this module names the contract's schemas, describes them and the gaps
 * of the interface (docs/design.md, "Decisions on the interface's gaps"), and lays out the
 * operations. Response schemas describe what the dashboard accepts (the lenient readers, on
 * their input side); request schemas what the reference server accepts (the strict ones).
 */
import { z } from '../src/contract/zod';
import * as contract from '../src/contract';
import { addJobActionSchemas, jobActionsDocument } from './openapi-job-actions';
import { BRANCH_PAGE_SIZE, BranchesQuery } from './routes/branches';
import { HealthResponse } from './routes/health';
import { BranchEmbedParam } from './routes/jobs';
import { STATUS_LABELS } from './statuses';

type Json = Record<string, unknown>;
type Meta = { id?: string; description?: string; type?: string };

/**
 * The reference server's list of branches: each with its ETag in the body (an extension: one
 * response has one ETag header, and a list holds many branches).
 */
const ListedBranch = z.extend(contract.Branch, { etag: z.optional(z.string()) });
const BranchesPage = z.extend(contract.BranchesResponse, { branches: z.array(ListedBranch) });

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';
const ref = (name: string, base = SCHEMAS) => ({ $ref: `${base}${name}` });
const statusDictionary = Object.entries(STATUS_LABELS)
  .map(([code, label]) => `${code} ${label}`)
  .join(', ');

const STATUS_NOTE =
  'The interface gives the codes no meaning: the dashboard shows a label and tone from the `statuses` ' +
  'dictionary of its runtime configuration (config.json), and "Status N" for a code it does not know. ' +
  `The reference server uses: ${statusDictionary}.`;

/** Names and descriptions of the contract's schemas; a schema with an `id` becomes a component. */
function contractMetadata(): z.core.$ZodRegistry<Meta> {
  const meta = z.registry<Meta>();
  const c = contract;
  const add = (schema: z.ZodMiniType, entry: Meta) => meta.add(schema, entry);

  add(c.EpochSeconds, { description: 'A time in epoch seconds.' });
  add(c.Actor, { id: 'Actor', description: 'Who made a change.' });
  add(c.Coordinates, {
    id: 'Coordinates',
    description: 'A position in decimal degrees. Read as sent: the dashboard flags values out of range.',
  });
  add(c.NullableCoordinates, { id: 'NullableCoordinates', description: 'Both numbers, or both null.' });
  add(c.OpaqueObject, {
    type: 'object',
    description: 'Its fields are not documented by the interface: any object is kept as it comes.',
  });
  add(c.OpaqueArray, {
    type: 'array',
    description: 'Its entries are not documented by the interface: any array is kept as it comes.',
  });

  add(c.Contact, { id: 'Contact', description: 'A branch contact, as read (times and days kept as sent).' });
  add(c.ZoneFeature, { id: 'ZoneFeature', description: 'A delivery zone, as read: any geometry is kept.' });
  add(c.DeliveryZones, { id: 'DeliveryZones', description: 'A GeoJSON FeatureCollection of the zones.' });
  add(c.Branch, {
    id: 'Branch',
    description:
      'A location from which pickups and deliveries are made. `time_zone` may be empty; the dashboard shows ' +
      "the branch's times in it when it is an IANA zone name, and in the viewer's zone otherwise.",
  });
  add(c.StopBranch, {
    id: 'StopBranch',
    description:
      'The branch a pickup or delivery embeds: a whole Branch. With `branch_embed=summary` (an extension ' +
      'of the reference server) it comes without `contacts` and `delivery_zones`; the jobs screens never read those.',
  });

  add(c.Package, { id: 'Package' });
  add(c.StatusHistoryEntry, { id: 'StatusHistoryEntry', description: 'One recorded status of a job.' });
  add(c.StatusHistoryEntry.shape.status, { description: `A status code. ${STATUS_NOTE}` });
  add(c.Rider, { id: 'Rider', description: 'The rider a job is assigned to.' });
  add(c.Rider.shape.status, {
    description:
      'The rider status code. The interface gives it no meaning: the dashboard labels it from its runtime ' +
      'configuration, and shows the raw code otherwise.',
  });
  add(c.Pickup, { id: 'Pickup' });
  add(c.Delivery, { id: 'Delivery' });
  add(c.Delivery.shape.payment_type, {
    description:
      'A payment type code. The interface gives it no meaning: the dashboard labels it from its runtime ' +
      'configuration, and shows the raw code otherwise.',
  });
  add(c.Job, {
    id: 'Job',
    description:
      'A job groups one or more pickups and deliveries, is assigned to a rider, and has a status history.',
  });
  add(c.Job.shape.status, { description: `The job's status code. ${STATUS_NOTE}` });
  add(c.Job.shape.status_history, { description: 'One entry per recorded status, oldest first.' });
  add(c.JobsResponse, { id: 'JobsResponse', description: 'A page of jobs, with the totals of the filter.' });

  add(c.CoordinatesInput, {
    id: 'CoordinatesInput',
    description: 'Finite decimal degrees: latitude from -90 to 90, longitude from -180 to 180.',
  });
  add(c.ContactInput, {
    id: 'ContactInput',
    description:
      'A contact as sent. `work_timings.from` and `to` are written `hh:mm AM` (two-digit hour 01-12, a space, ' +
      'AM or PM); `work_days` are unique lowercase English weekday names.',
  });
  add(c.Ring, {
    description:
      'A linear ring of `[longitude, latitude]` positions: closed (it ends at its first point), at least 4 ' +
      'positions, no position repeated consecutively, no self-intersection. The first ring is the exterior ' +
      '(written counter-clockwise by the dashboard), any others are holes (clockwise); either winding is accepted.',
  });
  add(c.ZoneFeatureInput, {
    id: 'ZoneFeatureInput',
    description:
      'A zone as sent: a Polygon feature with a string id and an object of properties (the dashboard keeps a `name` there).',
  });
  add(c.DeliveryZonesInput, {
    id: 'DeliveryZonesInput',
    description:
      'The zones as sent: a FeatureCollection of Polygon features with unique ids. The dashboard rounds ' +
      'positions to 6 decimals (about 10 cm).',
  });
  add(c.BranchPatch, {
    id: 'BranchPatch',
    description:
      'Every field is optional: only the fields to change are sent, and unknown fields are refused. ' +
      '`contacts` and `delivery_zones` replace the stored values whole (the dashboard sends the whole ' +
      'list or collection when either changes). `id` renames the branch: the jobs that reference it follow ' +
      'in the same transaction, and an id another branch has is 409 (ids that differ only in case are the same id).',
  });
  add(c.UpdateBranchBody, { id: 'UpdateBranchBody' });
  add(c.UpdateBranchResponse, {
    id: 'UpdateBranchResponse',
    description:
      'The interface promises the branch id; the reference server answers with the whole branch as stored.',
  });
  add(c.BranchResponse, { id: 'BranchResponse' });
  add(ListedBranch, {
    id: 'ListedBranch',
    description:
      'A Branch in the list of the reference server, with its ETag: the value of the `ETag` header of ' +
      '`GET /v1/branches/{id}` for the same version (without a content coding), for `If-Match` on a PUT.',
  });
  add(ListedBranch.shape.etag, {
    description: 'Extension of the reference server: the strong validator of the branch as listed.',
  });
  add(BranchesPage, {
    id: 'BranchesResponse',
    description: 'A page of branches, each with its ETag, with the totals.',
  });

  add(c.ErrorDetail, {
    id: 'ErrorDetail',
    description:
      'What is wrong and where: `path` is dotted (`branch.contacts.0.name`), and the dashboard maps it to a form field.',
  });
  add(c.ErrorBody, {
    id: 'ErrorBody',
    description: 'The body of every error response of the reference server.',
  });
  add(HealthResponse, { id: 'HealthResponse' });

  add(c.ChangesCursor, {
    description: 'An opaque position in the sequence of changes of jobs: kept as it comes, never built.',
  });
  add(c.JobChange, {
    id: 'JobChange',
    description: 'A job as it is after its latest change, with the cursor just past that change.',
  });
  add(c.JobChangesResponse, {
    id: 'JobChangesResponse',
    description:
      'Jobs changed after the cursor, oldest change first. Read on from `next_cursor`: while `has_more`, at once; ' +
      'then at the next refresh (or follow the stream).',
  });
  add(c.JobSearchResponse, {
    id: 'JobSearchResponse',
    description: 'The newest jobs matching the query, and whether more match.',
  });
  addJobActionSchemas(meta);
  return meta;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** zod's JSON Schema output, tidied for an OpenAPI component. */
function toSchema(schema: z.ZodMiniType, meta: z.core.$ZodRegistry<Meta>, io: 'input' | 'output'): Json {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, jsonSchemaOptions(meta, io)) as Json;
  return rest;
}

function jsonSchemaOptions(meta: z.core.$ZodRegistry<Meta>, io: 'input' | 'output') {
  return {
    io,
    target: 'draft-2020-12' as const,
    metadata: meta,
    // z.custom (an undocumented object or array) carries its JSON Schema in its metadata.
    unrepresentable: 'any' as const,
    uri: (id: string) => `${SCHEMAS}${id}`,
    override: ({ jsonSchema }: { jsonSchema: Json }) => {
      // zod bounds every integer by the safe range; that says nothing to a reader.
      if (jsonSchema.minimum === -MAX_SAFE) delete jsonSchema.minimum;
      if (jsonSchema.maximum === MAX_SAFE) delete jsonSchema.maximum;
    },
  };
}

function components(meta: z.core.$ZodRegistry<Meta>): Record<string, Json> {
  const { schemas } = z.toJSONSchema(meta, jsonSchemaOptions(meta, 'input')) as {
    schemas: Record<string, Json>;
  };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** Query parameters from a zod object: the value each must spell, as the server reads it. */
function queryParameters(
  shape: Record<string, z.ZodMiniType>,
  meta: z.core.$ZodRegistry<Meta>,
  descriptions: Record<string, string>,
): Json[] {
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    description: descriptions[name],
    schema: toSchema(schema, meta, 'output'),
  }));
}

interface ErrorCase {
  name: string;
  status: number;
  description: string;
  headers?: Json;
}

function errorCases(bodyLimit: number): ErrorCase[] {
  return [
    {
      name: 'BadRequest',
      status: 400,
      description:
        'The request is malformed or invalid: bad filters, a body that is not a JSON object (or not UTF-8, or nested ' +
        'deeper than 32 levels), or a field that breaks its schema. `details` names each field and what is wrong.',
    },
    {
      name: 'Unauthorized',
      status: 401,
      description:
        'The Authorization header is missing or not `Bearer <token>`, or the token is refused: unknown, or an ' +
        "identity provider's token that has expired, was issued for another service or by another issuer, or " +
        'could not be checked (the provider not answering). `error.message` says which, and what to do.',
      headers: {
        'WWW-Authenticate': {
          description:
            '`Bearer` when no token could be read from the request; `Bearer error="invalid_token"` when a token ' +
            'was presented and refused (RFC 6750 §3.1): sign in again.',
          required: true,
          schema: { type: 'string', enum: ['Bearer', 'Bearer error="invalid_token"'] },
        },
      },
    },
    {
      name: 'Forbidden',
      status: 403,
      description:
        'The token is accepted but may not save this branch: it may only read (no `branches:write` scope, or ' +
        'an `API_TOKENS` entry marked `read-only`), or it may save other branches only (the `branch_ids` claim, ' +
        '`branches=` in `API_TOKENS`), or the body renames the branch to an id outside them. Nothing is changed; ' +
        '`error.message` names the branches it may save.',
    },
    { name: 'NotFound', status: 404, description: 'No branch has this id, or no route has this path.' },
    {
      name: 'MethodNotAllowed',
      status: 405,
      description: 'The path exists but not with this method (POST /v1/jobs, DELETE /v1/branches/{id}...).',
      headers: {
        Allow: {
          description: 'The methods the path answers to.',
          required: true,
          schema: { type: 'string' },
        },
      },
    },
    {
      name: 'RequestTimeout',
      status: 408,
      description: 'The request did not arrive in time. Sent on the connection, which is then closed.',
    },
    {
      name: 'URITooLong',
      status: 414,
      description: 'A segment of the path (a branch id) is longer than 1,024 characters.',
    },
    {
      name: 'Conflict',
      status: 409,
      description:
        'The new `branch.id` is the id of another branch, or differs from one only in case (the message names it). ' +
        '`details` points at `branch.id`.',
    },
    {
      name: 'Gone',
      status: 410,
      description:
        'Extension: the cursor can no longer be followed: it belongs to other data (the database was replaced) or ' +
        'jobs were removed after it. List again (`GET /v1/jobs`) and follow the changes from its `Changes-Cursor`.',
    },
    {
      name: 'PreconditionFailed',
      status: 412,
      description:
        'The branch changed since the version named in `If-Match` (or since `If-Unmodified-Since`): nothing was ' +
        'changed. Read the branch again (its new ETag) before saving.',
    },
    {
      name: 'PayloadTooLarge',
      status: 413,
      description: `The request body is larger than ${bodyLimit / 1_048_576} MiB.`,
    },
    {
      name: 'UnsupportedMediaType',
      status: 415,
      description: 'A request body that is not `application/json` in UTF-8.',
    },
    {
      name: 'HeadersTooLarge',
      status: 431,
      description: 'The request headers are too large. Sent on the connection, which is then closed.',
    },
    { name: 'InternalError', status: 500, description: 'The server failed; the details are in its log.' },
    {
      name: 'ServiceUnavailable',
      status: 503,
      description:
        'The server is shutting down (the connection is closed after this answer); for a PUT, its database is read-only; for /healthz, its database is not reachable or could not take a change now (read-only, full, too little free disk), with the reason in `error.message`.',
    },
    {
      name: 'InsufficientStorage',
      status: 507,
      description:
        'The server has no room left to store the change (its disk or database is full); nothing was saved.',
    },
  ];
}

/** The component name of each error response, by status. */
const ERROR_RESPONSES: Readonly<Record<number, string>> = Object.fromEntries(
  errorCases(0).map((error) => [error.status, error.name]),
);

function errorResponse(error: ErrorCase): Json {
  const code = contract.errorCodeOf(error.status);
  return {
    description: `${error.description} \`error.code\` is \`${code}\`.`,
    ...(error.headers ? { headers: error.headers } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [
            ref('ErrorBody'),
            {
              type: 'object',
              properties: { error: { type: 'object', properties: { code: { const: code } } } },
            },
          ],
        },
      },
    },
  };
}

const byStatus = (...statuses: number[]): Json =>
  Object.fromEntries(statuses.map((status) => [String(status), ref(ERROR_RESPONSES[status]!, RESPONSES)]));

/** What any request to the server can meet besides its own answers: a body it cannot read, a failure, a shutdown. */
const COMMON_ERRORS = [400, 413, 415, 500, 503];
/** And the /v1 operations, which need a token. */
const API_ERRORS = [...COMMON_ERRORS, 401];

/** The ETag of a branch: its stored version (the same for every coding, but for a suffix). */
const BRANCH_ETAG = {
  ETag: {
    description:
      'Strong validator of the branch as stored: it changes on every write. Send it in `If-Match` on a PUT to ' +
      'save only over this version. A compressed answer carries it with the coding appended (`"…-br"`, ' +
      '`"…-gzip"`), which `If-Match` accepts as well.',
    required: true,
    schema: { type: 'string' },
  },
};

/** Conditions of a PUT on the stored branch (RFC 9110 §13.1). */
const PRECONDITIONS: Json[] = [
  {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'Extension of the reference server: save only if the branch is still at one of these versions (ETags of ' +
      '`GET /v1/branches/{id}`, of the list, or of an earlier PUT; weak tags never match); otherwise 412 and ' +
      'nothing changes. Checked in the same transaction as the write. `*`, or no header: no condition.',
    schema: { type: 'string' },
  },
  {
    name: 'If-Unmodified-Since',
    in: 'header',
    required: false,
    description:
      'Extension of the reference server, ignored with `If-Match` or when not a date: save only if the ' +
      "branch's `updated_at` is not later than this HTTP date; otherwise 412. Seconds are the granularity: " +
      '`If-Match` is the exact condition.',
    schema: { type: 'string' },
  },
];

const HEADERS = {
  ETag: {
    description: 'Strong validator of this representation (each content coding has its own).',
    required: true,
    schema: { type: 'string' },
  },
  'Cache-Control': { description: 'How the answer may be kept.', required: true, schema: { type: 'string' } },
  Vary: {
    description:
      '`Accept-Encoding` when the body is large enough to be compressed (1 KiB): it is, with br or gzip, when the client accepts either.',
    schema: { type: 'string' },
  },
};

/** Headers of a page of GET /v1/jobs: those of a kept representation, and the extension's cursor. */
const LIST_HEADERS = {
  ...HEADERS,
  [contract.CHANGES_CURSOR_HEADER]: {
    description:
      'Optional extension for scale: the position of the changes of jobs this page reflects (read before the ' +
      'page): `GET /v1/jobs/changes?since=` it gives every later change. Absent without the extension.',
    schema: { type: 'string' },
  },
};

function extensionPaths(meta: z.core.$ZodRegistry<Meta>): Json {
  const tags = ['Extension for scale'];
  const embed = {
    branch_embed: 'As on `GET /v1/jobs`: `summary` leaves the lists of the embedded branches out.',
  };
  return {
    '/v1/jobs/changes': {
      get: {
        operationId: 'getJobChanges',
        tags,
        summary: 'Jobs changed since a cursor (optional)',
        description:
          'Every job written after `since` (its status, its stops, a new booking, a rename of its branch), each ' +
          'once and as it is now, oldest change first, in pages. Changes to a branch itself (its zones, contacts) ' +
          'and to a rider (position) are not changes of jobs: read them from the branches. An unchanged read ' +
          'answers `If-None-Match` with 304.',
        parameters: queryParameters(
          { ...contract.JobChangesQuery.shape, branch_embed: BranchEmbedParam } as Record<
            string,
            z.ZodMiniType
          >,
          meta,
          {
            since: 'The cursor to read after: the `Changes-Cursor` of a list, or a `next_cursor`.',
            limit: `Changes a page, up to ${contract.MAX_CHANGES_LIMIT}.`,
            ...embed,
          },
        ),
        responses: {
          '200': json('JobChangesResponse', 'The changes after `since`.', HEADERS),
          '304': { description: 'Unchanged since the ETag in `If-None-Match`; no body.', headers: HEADERS },
          ...byStatus(...API_ERRORS, 404, 410),
        },
      },
    },
    '/v1/jobs/stream': {
      get: {
        operationId: 'streamJobChanges',
        tags,
        summary: 'A stream of changes of jobs (optional)',
        description:
          'Server-sent events (`text/event-stream`), read with `fetch` since it needs the Bearer header. Each ' +
          'change is an event `change` whose `id` is its cursor and whose `data` is a `JobChange`, as in ' +
          '`GET /v1/jobs/changes`; a comment line every 15 s keeps a quiet stream open. It starts after `since`, or ' +
          'after the `Last-Event-ID` header (which wins) to resume, or now. It ends when the server shuts down: ' +
          'reconnect with the last id. A cursor that cannot be followed is 410 before the stream starts.',
        parameters: [
          ...queryParameters(
            { ...contract.JobStreamQuery.shape, branch_embed: BranchEmbedParam } as Record<
              string,
              z.ZodMiniType
            >,
            meta,
            { since: "The cursor to start after (a list's `Changes-Cursor`).", ...embed },
          ),
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description: 'The id of the last event received: the stream resumes after it.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'The stream, until the client or the server ends it.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...byStatus(...API_ERRORS, 404, 410),
        },
      },
    },
    '/v1/jobs/search': {
      get: {
        operationId: 'searchJobs',
        tags,
        summary: 'Search all jobs (optional)',
        description:
          'Jobs of any age whose order id, job id, tracking id, customer (of a delivery) or rider matches `q`, newest ' +
          'first. Text matches from the start of a word, without regard to case or accents. A phone number matches ' +
          'in its common forms: `07546 175923` finds `+44 7546 175923`, as do `+447546175923` and `0044 7546 175923`.',
        parameters: queryParameters(
          { ...contract.JobSearchQuery.shape, branch_embed: BranchEmbedParam } as Record<
            string,
            z.ZodMiniType
          >,
          meta,
          {
            q: 'What to look for: 2 to 100 characters.',
            limit: `Jobs to return, up to ${contract.MAX_SEARCH_LIMIT}.`,
            ...embed,
          },
        ),
        responses: {
          '200': json('JobSearchResponse', 'The newest matching jobs.', HEADERS),
          '304': { description: 'Unchanged since the ETag in `If-None-Match`; no body.', headers: HEADERS },
          ...byStatus(...API_ERRORS, 404),
        },
      },
    },
  };
}

function json(schemaName: string, description: string, headers?: Json): Json {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref(schemaName) } },
  };
}

const branchIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The identifier of the branch.',
  schema: { type: 'string' },
};

const INFO_DESCRIPTION = `The v1 interface of a delivery service as the Dispatch dashboard uses it: listing jobs and updating a branch, plus the extensions of the reference server. This document is generated from the dashboard's contract (\`src/contract\`): the schemas the dashboard parses responses with and the reference server checks requests with.

Where the interface leaves a gap, this document states what the dashboard and the reference server do:

- **Parameters of GET /v1/jobs** travel as a query string. The reference server also accepts them as a JSON object in the body of the GET; the query string wins on conflict. Empty values count as absent.
- **Responses are read leniently**: unknown fields are kept, and a field documented as "may be empty" or "or null" may also be null or missing. The response schemas here describe what the dashboard accepts; the reference server sends every field.
- **Status codes** (of jobs, pickups and deliveries), payment types and rider statuses have no meaning in the interface: the dashboard labels them from the dictionaries of its runtime configuration (config.json) and shows "Status N" for an unknown code.
- **Errors** have one JSON shape, \`ErrorBody\`, with a \`code\` per status. A service that answers otherwise (plain text, a proxy's HTML page) still gets a clear message in the dashboard.
- **Authentication**: every /v1 request but this document carries \`Authorization: Bearer <token>\`. The reference server accepts the tokens of \`API_TOKENS\` (comma-separated, each optionally limited: \`read-only\`, \`branches=ID|ID\`) and, with \`OIDC_ISSUER\` and \`OIDC_AUDIENCE\`, access tokens (JWTs) of that identity provider, whose \`branches:write\` scope lets them save branches and \`branch_ids\` claim limits which. A save the token may not make is 403; the dashboard returns to sign-in on 401.
- **Concurrent saves**: a branch carries an ETag (the header of GET /v1/branches/{id} and of a PUT's answer, an \`etag\` field in the list), which changes on every write. A PUT with \`If-Match\` saves only over that version, otherwise answers 412 and changes nothing; without it, the last save wins. The dashboard sends it when the service gave an ETag, and otherwise compares \`updated_at\` just before the PUT.
- **Caching**: pages of GET /v1/jobs carry an ETag and \`Cache-Control: private, no-cache\`; \`If-None-Match\` with the ETag of an unchanged page is answered 304. Responses of 1 KiB and more are compressed with br or gzip when \`Accept-Encoding\` allows it.
- **Other methods** on a known path are 405 with an \`Allow\` header; unknown paths are 404. A request too slow to arrive is 408, one with too large headers 431. During shutdown, new requests are 503.`;

export interface OpenApiOptions {
  /** Jobs per page of this server. */
  pageSize: number;
  /** Largest request body, bytes. */
  bodyLimit: number;
  /** The job actions extension is on (server/routes/job-actions.ts); default on. */
  jobActions?: boolean;
}

/** The OpenAPI 3.1 document of the reference server, as a plain JSON value. */
export function openApiDocument(options: OpenApiOptions): Json {
  const meta = contractMetadata();
  const schemas = components(meta);
  const actions =
    options.jobActions === false
      ? null
      : jobActionsDocument({ json, byStatus, errorResponse, apiErrors: API_ERRORS });
  const jobsQueryShape = {
    ...contract.JobsQuery.shape,
    branch_embed: BranchEmbedParam,
    per_page: contract.PerPageParam,
  } as Record<string, z.ZodMiniType>;

  return {
    openapi: '3.1.0',
    info: {
      title: 'Dispatch: delivery jobs and branches service',
      version: 'v1',
      description: INFO_DESCRIPTION,
    },
    tags: [
      { name: 'Interface', description: 'The two operations of the v1 interface.' },
      {
        name: 'Extensions',
        description:
          'Served by the reference server, not part of the interface. The dashboard uses them when they answer, and works without them (a 404 or 405).',
      },
      {
        name: 'Extension for scale',
        description:
          'OPTIONAL: not part of the interface, served by the reference server unless it runs with `EXTENSIONS=off`, ' +
          'when these paths answer 404 (and `per_page` 400) as on a bare service. A client lists once (`GET /v1/jobs`, ' +
          'whose `Changes-Cursor` header gives the position of what it listed), then reads only what changed after that ' +
          'cursor, as pages or as a stream, as Kubernetes clients list and then watch. A client detects the extension ' +
          'by the header, or by a 404 or 400 from these paths.',
      },
      ...(actions ? [actions.tag] : []),
      { name: 'Service', description: 'Outside the v1 interface: no token needed.' },
    ],
    security: [{ bearerAuth: [] }],
    paths: {
      '/v1/jobs': {
        get: {
          operationId: 'getJobs',
          tags: ['Interface'],
          summary: 'List jobs',
          description:
            `Jobs matching every filter given, newest first, a page at a time. The page size is not part of the interface: ` +
            `this server sends ${options.pageSize} jobs a page (\`PAGE_SIZE\`), and a client reads \`total_pages\` ` +
            'instead of assuming one. A page past the end has no jobs and the true totals.',
          parameters: queryParameters(jobsQueryShape, meta, {
            page: 'The page to return, from 1.',
            timestamp_from:
              'Only jobs created at or after this time (epoch seconds, inclusive: the filter applies to `created_at`).',
            timestamp_to:
              'Only jobs created at or before this time (epoch seconds, inclusive). Not before `timestamp_from`.',
            branch_id: 'Only jobs with a pickup or delivery at this branch.',
            team_id: 'Only jobs of this team.',
            status: `Only jobs with this status code. ${STATUS_NOTE}`,
            branch_embed:
              'Extension of the reference server: `summary` leaves `contacts` and `delivery_zones` out of the branch each stop embeds (a list of jobs shows neither).',
            per_page: `Optional extension for scale: jobs a page, up to ${contract.MAX_PER_PAGE} (the page size of the service when absent). A service without the extension answers 400.`,
          }),
          responses: {
            '200': json('JobsResponse', 'A page of jobs.', LIST_HEADERS),
            '304': {
              description: 'The page is unchanged since the ETag given in `If-None-Match`; no body.',
              headers: LIST_HEADERS,
            },
            ...byStatus(...API_ERRORS),
          },
        },
      },
      ...extensionPaths(meta),
      '/v1/branches/{id}': {
        parameters: [branchIdParameter],
        put: {
          operationId: 'updateBranch',
          tags: ['Interface'],
          summary: 'Update a branch',
          description:
            'Changes the fields sent, and only those, in one transaction. Checks in order: the token (401), that it ' +
            'may save this branch (403, before the body is read, so also before an unknown id is 404), the content ' +
            'type, the body against the schema, the size of the zones, the geometry of each ring (self-intersection), ' +
            'that a new id is one it may save (403), then, in the transaction of the write, that the branch exists and ' +
            'meets `If-Match` (412), and that a new id is free (409).',
          parameters: PRECONDITIONS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('UpdateBranchBody') } },
          },
          responses: {
            '200': json(
              'UpdateBranchResponse',
              'The branch as stored, under its new id if it was renamed.',
              BRANCH_ETAG,
            ),
            ...byStatus(...API_ERRORS, 403, 404, 409, 412, 414, 507),
          },
        },
        get: {
          operationId: 'getBranch',
          tags: ['Extensions'],
          summary: 'Read a branch',
          description:
            'Without this extension the dashboard finds a branch in the stops of `GET /v1/jobs?branch_id=ID`, which embed the whole Branch.',
          responses: {
            '200': json('BranchResponse', 'The branch.', BRANCH_ETAG),
            ...byStatus(...API_ERRORS, 404, 414),
          },
        },
      },
      '/v1/branches': {
        get: {
          operationId: 'listBranches',
          tags: ['Extensions'],
          summary: 'List branches',
          description: `Every branch by id, ${BRANCH_PAGE_SIZE} a page, with the same pagination fields as jobs.`,
          parameters: queryParameters(BranchesQuery.shape, meta, { page: 'The page to return, from 1.' }),
          responses: {
            '200': json('BranchesResponse', 'A page of branches.'),
            ...byStatus(...API_ERRORS),
          },
        },
      },
      ...actions?.paths,
      '/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          tags: ['Service'],
          summary: 'This document',
          description: 'Also readable as a page at `/docs`.',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              headers: HEADERS,
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            ...byStatus(...COMMON_ERRORS),
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getHealth',
          tags: ['Service'],
          summary: 'Health check',
          description:
            'Answers 200 while the server takes requests and its database answers a query and could take a change (a write, rolled back; its page limit; 16 MiB free on its disk); 503 with the reason otherwise.',
          security: [],
          responses: {
            '200': json('HealthResponse', 'The server and its database are up.'),
            ...byStatus(...COMMON_ERRORS),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'How a token is obtained is not part of the interface. The reference server accepts the tokens listed in ' +
            '`API_TOKENS`, and, when configured, access tokens (JWTs) of an OpenID Connect provider (`OIDC_ISSUER`, ' +
            '`OIDC_AUDIENCE`): checked against its published keys, issuer, audience and expiry.',
        },
      },
      schemas,
      responses: Object.fromEntries(
        errorCases(options.bodyLimit).map((error) => [error.name, errorResponse(error)]),
      ),
    },
  };
}
