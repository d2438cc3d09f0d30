/**
 * The extension for scale, as the client reads it (docs/design.md, "The extension for scale"):
 * the cursor a list answers with, the changes read and the stream of changes. A service without
 * the extension answers the first with no header and the others with 404 (or 400, 405, 501).
 */
import {
  CHANGES_CURSOR_HEADER,
  JobChange,
  JobChangesResponse,
  MAX_CHANGES_LIMIT,
  type JobsResponse,
} from '../contract';
import { branchSummaryQuery } from './branch-embed';
import { buildUrl, type ApiClient } from './client';
import { fetchJobs, type JobsFilters } from './endpoints';
import { ApiError, errorFromResponse } from './errors';
import { readEventStream } from './event-stream';
import { noteScaleExtension } from './job-search';
import { apiWords } from './words';

/** A page of jobs with the extension's cursor of it (null: the service has no extension). */
export async function fetchJobsWithCursor(
  client: ApiClient,
  filters: JobsFilters,
  signal: AbortSignal,
  perPage?: number,
): Promise<{ page: JobsResponse; cursor: string | null }> {
  let cursor: string | null = null;
  const page = await fetchJobs(client, filters, signal, {
    perPage,
    seen: (response) => {
      cursor = response.headers.get(CHANGES_CURSOR_HEADER);
    },
  });
  noteScaleExtension(client, cursor !== null);
  return { page, cursor };
}

/** The jobs changed after `since`, oldest change first (one page of them). */
export function fetchJobChanges(client: ApiClient, since: string, signal: AbortSignal) {
  return client.request('/v1/jobs/changes', {
    query: { since, limit: MAX_CHANGES_LIMIT, ...branchSummaryQuery(client.baseUrl) },
    schema: JobChangesResponse,
    signal,
  });
}

/**
 * Follows the stream of changes from `since` until it ends (the server drains) or `signal`
 * aborts; each change goes to `onChange` in order. `onLive` hears every sign of life (the
 * answer, each event, each heartbeat). Rejects with an ApiError when it cannot be opened or
 * breaks off.
 */
export async function followJobStream(
  client: ApiClient,
  since: string,
  signal: AbortSignal,
  onChange: (change: JobChange) => void,
  onLive: () => void,
  doFetch: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  const url = buildUrl(client.baseUrl, '/v1/jobs/stream', { since, ...branchSummaryQuery(client.baseUrl) });
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = client.token();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await doFetch(url, { headers, signal, cache: 'no-store' });
  } catch (e) {
    throw new ApiError(signal.aborted ? 'aborted' : 'network', apiWords().streamNotOpened(), {
      cause: e,
    });
  }
  if (!response.ok || !response.body) {
    throw errorFromResponse(
      response.status,
      response.headers.get('content-type') ?? '',
      await response.text(),
    );
  }
  onLive();
  try {
    await readEventStream(
      response.body,
      (event) => {
        if (event.type !== 'change') return;
        const parsed = JobChange.safeParse(JSON.parse(event.data));
        if (!parsed.success) throw new ApiError('contract', apiWords().streamUnreadable());
        onChange(parsed.data);
      },
      onLive,
    );
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(signal.aborted ? 'aborted' : 'network', apiWords().streamBroke(), {
      cause: e,
    });
  }
}
