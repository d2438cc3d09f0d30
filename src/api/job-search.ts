/* eslint-disable @tanstack/query/exhaustive-deps -- the api client is one per app instance (like the QueryClient itself): keys name the data, not the transport. */
/**
 * The optional extension for scale as the jobs search uses it (docs/design.md, "The extension
 * for scale"): found once per app from a GET /v1/jobs answer's `Changes-Cursor` header, which
 * only a service with the extension sends, so a bare service is never asked a path it lacks
 * and the console stays clean; then `GET /v1/jobs/search`, whose 404, 405, 501 or 400 still
 * means "no search here" (the caller then scans).
 */
import { queryOptions } from '@tanstack/react-query';
import { CHANGES_CURSOR_HEADER, DEFAULT_SEARCH_LIMIT, JobSearchResponse } from '../contract';
import { z } from '../contract/zod';
import type { ApiClient } from './client';
import { isMissingEndpoint } from './endpoints';
import { ApiError } from './errors';

/**
 * Whether the service offers the extension: one GET /v1/jobs of an empty range (the first
 * second of 1970, valid on any service: a small answer) and its headers.
 */
export async function detectScaleExtension(client: ApiClient, signal?: AbortSignal): Promise<boolean> {
  let offered = false;
  await client.request('/v1/jobs', {
    query: { page: 1, timestamp_from: 0, timestamp_to: 0 },
    schema: z.unknown(),
    signal,
    seen: (response) => (offered = response.headers.has(CHANGES_CURSOR_HEADER)),
  });
  return offered;
}

const detected = new WeakMap<ApiClient, Promise<boolean>>();

/**
 * What a `GET /v1/jobs` answer read for other ends said of the extension (the working set's
 * lists read its cursor from every answer): the detection is then not asked for.
 */
export function noteScaleExtension(client: ApiClient, offered: boolean): void {
  detected.set(client, Promise.resolve(offered));
}

/**
 * The detection, once per api client (one per app): the search and the job actions ask it
 * before any path of the extension, unless a list has already told it. A failed detection is
 * asked again next time.
 */
export function scaleExtensionOffered(client: ApiClient): Promise<boolean> {
  let offered = detected.get(client);
  if (!offered) {
    offered = detectScaleExtension(client);
    offered.catch(() => detected.delete(client));
    detected.set(client, offered);
  }
  return offered;
}

export function scaleExtensionQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['extension', 'scale'] as const,
    queryFn: () => scaleExtensionOffered(client),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

/** The answer of the service's search; null when the service has none (a bare service). */
export type ServiceSearchResult = JobSearchResponse | null;

/** Whether the service's search cannot take this query at all (too short): the caller scans. */
export const serviceCanSearch = (q: string) => q.trim().length >= 2 && q.trim().length <= 100;

/** The service's search of all jobs: its newest `limit` matches; null when it has none. */
export async function fetchJobSearch(
  client: ApiClient,
  q: string,
  limit = DEFAULT_SEARCH_LIMIT,
  signal?: AbortSignal,
): Promise<ServiceSearchResult> {
  try {
    return await client.request('/v1/jobs/search', {
      query: { q: q.trim(), limit },
      schema: JobSearchResponse,
      signal,
    });
  } catch (e) {
    if (isMissingEndpoint(e) || (e instanceof ApiError && e.kind === 'http' && e.status === 400)) return null;
    throw e;
  }
}

export function jobSearchQueryOptions(client: ApiClient, q: string, limit: number) {
  return queryOptions({
    queryKey: ['jobs', 'search', q.trim(), limit] as const,
    queryFn: ({ signal }) => fetchJobSearch(client, q, limit, signal),
  });
}
