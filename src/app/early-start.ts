import { branchSummaryQuery } from '../api/branch-embed';
import { startEarlyGet } from '../api/early';
import { FILTER_KEYS } from '../features/jobs/filter-keys';
import { readFirstPage } from '../features/jobs/first-jobs';
import { firstScreenRows } from '../features/jobs/cells';
import { firstPaintScreen } from '../features/jobs/first-paint';
import { validateJobsSearch, type JobsSearch } from '../features/jobs/search';
import { loadAutoRefresh, loadColumnVisibility } from '../features/jobs/settings';
import { isApiBase, trimApiBase } from './api-base';
import { readRuntimeConfig, type RuntimeConfig } from './config-read';
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

/** The path of this address inside the app (without its base), e.g. "/jobs". */
function appPath(location: { pathname: string }): string {
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  return location.pathname.slice(base.length) || '/';
}

/** The `GET /v1/jobs` the jobs screen will send for this address, or null for other screens. */
export function jobsRequestFor(
  location: { pathname: string; search: string },
  apiBase: string,
): string | null {
  const path = appPath(location);
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

/** The jobs screen's search for this address, as its route reads it. */
function jobsSearchOf(location: { pathname: string; search: string }): JobsSearch {
  const params = appPath(location) === '/' ? {} : Object.fromEntries(new URLSearchParams(location.search));
  return validateJobsSearch(params);
}

/**
 * Paints the jobs screen from the early response (src/features/jobs/first-paint.ts) if the
 * page is still empty, i.e. React has not rendered yet; resolves after that frame.
 * The settings are read before the response is awaited (a page's first storage access is
 * slow). Not the formatters: built here, they would open ICU's data on this thread (~50 ms in
 * a trace) instead of finding it opened by the warm-up worker (./intl-warm.worker.ts).
 */
async function paintFirstScreen(copy: Promise<Response | undefined>, config: RuntimeConfig): Promise<void> {
  const search = jobsSearchOf(window.location);
  const autoRefresh = loadAutoRefresh();
  const columnVisibility = loadColumnVisibility();
  const response = await copy;
  if (!response?.ok) return;
  const read = await readFirstPage(response, search.page, firstScreenRows(window.innerHeight));
  const root = document.getElementById('root');
  if (!read || !root || root.firstChild) return;
  const screen = firstPaintScreen({
    config,
    search,
    data: read.data,
    partial: read.partial,
    origin: window.location.origin,
    autoRefresh,
    columnVisibility,
    viewportHeight: window.innerHeight,
  });
  if (!screen) return;
  root.innerHTML = screen;
  performance.mark('dispatch:first-paint');
  replayClickOnTakeover(root, root.firstElementChild!);
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** What a click on the first paint may mean, replayed on React's screen. */
const CONTROLS = 'button, a[href], input, select, textarea, tr[data-job-id]';

/** A control as a user tells it apart: its kind and its name (a row: its job). */
function signature(el: Element): string {
  const name =
    el.getAttribute('aria-label') ??
    el.getAttribute('data-job-id') ??
    (el as HTMLInputElement).labels?.[0]?.textContent ??
    el.textContent;
  return `${el.tagName}:${name?.trim()}`;
}

/**
 * The first paint is inert: a click on it reaches no control. The last such click is replayed
 * where it was once React's screen has replaced the paint (its first commit), since the two
 * screens have the same boxes (tests/e2e/first-paint.e2e.ts): a button, link or row is
 * clicked, a field focused. Only when the control found there is the one the paint showed
 * there (same kind, same name or job), so a screen that turned out different is never clicked
 * blindly; not after a scroll (the point would have moved).
 */
function replayClickOnTakeover(root: HTMLElement, paint: Element): void {
  let click: { x: number; y: number; scrolled: number; control: string } | undefined;
  const scrolled = () => window.scrollX + window.scrollY * 1e6;
  const onClick = (event: MouseEvent) => {
    const { clientX: x, clientY: y } = event;
    // Inert elements are not hit-tested: find the painted control under the point by its box.
    const hit = [...paint.querySelectorAll(CONTROLS)].reverse().find((el) => {
      const r = el.getBoundingClientRect();
      return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
    });
    click = hit && { x, y, scrolled: scrolled(), control: signature(hit) };
  };
  document.addEventListener('click', onClick, true);
  const observer = new MutationObserver(() => {
    if (paint.isConnected) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    if (!click || click.scrolled !== scrolled()) return;
    const target = document.elementFromPoint(click.x, click.y)?.closest(CONTROLS);
    if (!(target instanceof HTMLElement) || signature(target) !== click.control) return;
    if (target.matches('input, select, textarea')) target.focus();
    else target.click();
  });
  observer.observe(root, { childList: true });
}

/**
 * Runs first, from the entry script, while the app's code is still downloading: requests
 * `config.json` (already preloaded by index.html) and, for a signed-in visit to the jobs
 * screen, the page of jobs it will show. The app adopts that response (src/api/early.ts);
 * when its own request turns out different (a value it normalises), it just sends its own.
 * `painted` settles once the jobs screen has been painted from that response, or at once when
 * there is none to paint (see main.tsx).
 */
export function startEarly(): { config: Promise<Response>; painted: Promise<void> } {
  const config = fetch(`${import.meta.env.BASE_URL}config.json`);
  const token = readToken();
  if (!token) return { config, painted: Promise.resolve() };
  // Every signed-in screen formats times: ICU's data opens in a worker meanwhile.
  try {
    new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    /* no worker (blocked): the first formatter opens the data itself */
  }
  let painted: Promise<void> = Promise.resolve();
  const started = config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      const base = apiBaseOf(json);
      const url = base === null ? null : jobsRequestFor(window.location, base);
      if (!url) return;
      const copy = startEarlyGet(url, token);
      const read = readRuntimeConfig(json);
      if (!read) return;
      painted = paintFirstScreen(copy, read).catch(() => undefined);
    })
    .catch(() => undefined); // the app reports a broken config itself
  // The app reads the config only once the early request is on its way: when the app's code
  // is ready before config.json (a slow or busy machine), its first request would otherwise
  // go out before the early one, and the same page would be fetched twice.
  return { config: started.then(() => config), painted: started.then(() => painted) };
}
