import { branchSummaryQuery } from '../api/branch-embed';
import { startEarlyGet } from '../api/early';
import { FILTER_KEYS } from '../features/jobs/filter-keys';
import { isApiBase, trimApiBase } from './api-base';
import { TOKEN_KEY } from './token-key';

/** Query parameters of the jobs screen's URL that are the API's own. */
const JOBS_PARAMS = ['page', ...FILTER_KEYS];

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** `apiBaseUrl` as the app will read it (src/app/config.ts), or null when the app would refuse it. */
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
  if (path !== '/jobs' && path !== '/') return null;
  const from = path === '/' ? new URLSearchParams() : new URLSearchParams(location.search);
  const query = new URLSearchParams({ page: '1' });
  for (const key of JOBS_PARAMS) {
    const value = from.get(key);
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(branchSummaryQuery(apiBase))) query.set(key, value);
  return `${apiBase}/v1/jobs?${query}`;
}

/**
 * Runs first, from the entry script, while the app's code is still downloading: requests
 * `config.json` (already preloaded by index.html) and, for a signed-in visit to the jobs
 * screen, the page of jobs it will show. The app adopts that response (src/api/early.ts);
 * when its own request turns out different (a value it normalises), it just sends its own.
 */
export function startEarly(): { config: Promise<Response> } {
  const config = fetch(`${import.meta.env.BASE_URL}config.json`);
  const token = readToken();
  if (!token) return { config };
  const started = config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      const base = apiBaseOf(json);
      const url = base === null ? null : jobsRequestFor(window.location, base);
      if (url) startEarlyGet(url, token);
    })
    .catch(() => undefined); // the app reports a broken config itself
  // The app reads the config only once the early request is on its way: when the app's code
  // is ready before config.json (a slow or busy machine), its first request would otherwise
  // go out before the early one, and the same page would be fetched twice.
  return { config: started.then(() => config) };
}
