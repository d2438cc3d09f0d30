import { branchSummaryQuery } from '../api/branch-embed';
import { startEarlyGet } from '../api/early';
import { JOBS_FILTER_KEYS } from '../contract/jobs-params';
import { isApiBase, trimApiBase } from '../config/api-base';
import { startTabSignIn } from './tab-sign-in';

/*
 * The entry script's one job besides loading the app: send the requests the first screen needs
 * while the app's code downloads, instead of after it. Import-free of React and zod (these
 * modules are the entry chunk). The app adopts the early response (src/api/early.ts); when
 * its own request turns out different (a value it normalises), it sends its own.
 */

/** `apiBaseUrl` of config.json as the app will read it, or null when the app would refuse it. */
function apiBaseOf(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const value = (config as { apiBaseUrl?: unknown }).apiBaseUrl ?? '';
  return typeof value === 'string' && isApiBase(value) ? trimApiBase(value) : null;
}

/** The `GET /v1/jobs` the jobs screen will send for this address, or null for other screens. */
export function jobsRequestFor(
  location: { pathname: string; search: string },
  apiBase: string,
): string | null {
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  const path = location.pathname.slice(base.length) || '/';
  if (path !== '/jobs') return null;
  const from = new URLSearchParams(location.search);
  const query = new URLSearchParams({ page: '1' });
  for (const key of ['page', ...JOBS_FILTER_KEYS]) {
    const value = from.get(key);
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(branchSummaryQuery(apiBase))) query.set(key, value);
  return `${apiBase}/v1/jobs?${query}`;
}

/**
 * Requests `config.json` (index.html preloads it) and, for a signed-in visit to the jobs
 * screen (signed in here, or by an open tab of this browser), the page of jobs it will show. Resolves with the config's response once the early
 * request is on its way: when the app's code is ready before config.json (a slow or busy
 * machine), its own request would otherwise go out first and the page be fetched twice.
 */
export function startEarly(): Promise<Response> {
  const config = fetch(`${import.meta.env.BASE_URL}config.json`);
  // This tab's token, or an open tab's (src/app/tab-sign-in.ts): the app starts once it is known.
  return Promise.all([config, startTabSignIn()]).then(([, token]) => (token ? early(config, token) : config));
}

function early(config: Promise<Response>, token: string): Promise<Response> {
  return config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      const base = apiBaseOf(json);
      const url = base === null ? null : jobsRequestFor(window.location, base);
      if (url) startEarlyGet(url, token);
    })
    .catch(() => undefined) // the app reports a broken config itself
    .then(() => config);
}
