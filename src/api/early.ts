/**
 * Requests started before the app has loaded (see src/app/early-start.ts): the entry script
 * sends the GET the first screen will need while the rest of the code downloads, and the api
 * client adopts that response instead of sending the same request again.
 *
 * Kept tiny and free of imports: it is part of the entry chunk, which runs first.
 * An early response is adopted at most once, only for the same URL (parameters in any order)
 * and the same token, and only within a few seconds of the page load; anything else is
 * simply not adopted (the client sends its own request), so a wrong guess costs one request,
 * never wrong data.
 */
type EarlyGet = {
  key: string;
  token: string;
  startedAt: number;
  response: Promise<Response>;
  controller: AbortController;
};

/** An early response older than this is not adopted (the data may have moved on). */
export const EARLY_MAX_AGE_MS = 10_000;

let pending: EarlyGet[] = [];

/** The URL without its query: the endpoint an early request was sent to. */
function pathOf(key: string): string {
  return key.split('?')[0]!;
}

function keyOf(url: string): string {
  const parsed = new URL(url, 'http://early.invalid/');
  parsed.searchParams.sort();
  return parsed.href;
}

/** Sends `GET url` with the token now; `takeEarlyGet` hands the response to the api client. */
export function startEarlyGet(url: string, token: string, fetchImpl: typeof fetch = fetch): void {
  const controller = new AbortController();
  const response = fetchImpl(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  // Not adopted → nobody awaits it; a failure here must not surface as an unhandled rejection.
  response.catch(() => undefined);
  pending.push({ key: keyOf(url), token, startedAt: Date.now(), response, controller });
}

/**
 * The early response for this GET, if one was started for the same URL and token and is
 * still fresh. An early request answers only the app's first GET to its endpoint: that GET
 * takes it, or shows the guess was wrong and cancels it. So a later request (a refresh, a
 * link followed within seconds) always goes to the network.
 * `signal` aborting (timeout, unmount) aborts the early request too.
 */
export function takeEarlyGet(
  url: string,
  token: string | null,
  signal: AbortSignal,
): Promise<Response> | undefined {
  if (pending.length === 0 || token === null) return undefined;
  const now = Date.now();
  const key = keyOf(url);
  const path = pathOf(key);
  const early = pending.find(
    (e) => e.key === key && e.token === token && now - e.startedAt <= EARLY_MAX_AGE_MS,
  );
  const dropped = pending.filter(
    (e) => e !== early && (pathOf(e.key) === path || now - e.startedAt > EARLY_MAX_AGE_MS),
  );
  for (const e of dropped) e.controller.abort(); // frees its connection
  pending = pending.filter((e) => e !== early && !dropped.includes(e));
  if (!early) return undefined;
  if (signal.aborted) early.controller.abort();
  else signal.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.response;
}

/** Drops every early request not adopted yet (tests; sign-out). */
export function clearEarlyGets(): void {
  for (const e of pending) e.controller.abort();
  pending = [];
}
