import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { App } from '../../src/app/App';
import { tokenStore } from '../../src/app/auth';
import { createAppInstance } from '../../src/app/bootstrap';
import { RuntimeConfig } from '../../src/config';
import { draftKey } from '../../src/features/branches/drafts/draft-keys';
import { tabId } from '../../src/features/branches/drafts/tab';
import { startTestServer } from '../support/server';
import { testStatuses } from './render';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The hooks of a file that opens the zone map: a reference server of `jobs` jobs for the file,
 * the map's chunk transformed once before the screens wait for it (transforming maplibre the
 * first time takes longer than their waits; a browser has it prefetched with the editor), and
 * maplibre's complaints about the missing WebGL kept off the console. Returns the server.
 */
export function zoneMapSuite(jobs = 30): () => TestServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs });
    await import('../../src/map/ZoneEditor');
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return () => server;
}

/** A JWT-shaped access token carrying `claims` (unsigned: the dashboard only reads its claims). */
export function jwtWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/**
 * `renderApp` with a hook on the app's fetch (to lose the network once, or to make the
 * service stricter than the dashboard). Everything else goes to the in-process server.
 *
 * `accessToken`: the token the app holds (`api.token()`, say a JWT from `jwtWith` whose claims
 * say what it may change), while its requests still carry `token`, which the server knows.
 */
export function renderBranchApp({
  server,
  path,
  token = server.token,
  accessToken,
  fetch: fetchImpl,
}: {
  server: TestServer;
  path: string;
  token?: string | null;
  accessToken?: string;
  fetch?: typeof fetch;
}) {
  if (accessToken) {
    tokenStore.set(accessToken);
    const send = fetchImpl ?? fetch;
    fetchImpl = (input, init) => {
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      if (headers.Authorization === `Bearer ${accessToken}` && token)
        headers.Authorization = `Bearer ${token}`;
      return send(input, { ...init, headers });
    };
  } else if (token) tokenStore.set(token);
  else tokenStore.clear();
  const history = createMemoryHistory({ initialEntries: [path] });
  const instance = createAppInstance(
    RuntimeConfig.parse({
      apiBaseUrl: server.url,
      mapStyle: 'offline',
      statuses: testStatuses,
      refreshSeconds: 30,
    }),
    { history, fetch: fetchImpl },
  );
  const utils = render(<App {...instance} />);
  return { ...utils, ...instance, history };
}

/** The draft of a branch this tab keeps for the test server (as the editor writes it). */
export function draftOf(server: TestServer, id: string): string | null {
  return localStorage.getItem(draftKey(server.url, id, tabId()));
}

/** A PUT straight to the service, as another manager's save. */
export async function putBranch(server: TestServer, id: string, branch: Record<string, unknown>) {
  const res = await fetch(`${server.url}/v1/branches/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch }),
  });
  expect(res.status).toBe(200);
}

/** Waits for the editor of a branch to show its form. */
export async function openEditor(name: RegExp | string) {
  // The editor's chunk is transformed on its first opening in a run: a longer wait than the default.
  await screen.findByRole(
    'heading',
    { level: 1, name: typeof name === 'string' ? new RegExp(name) : name },
    { timeout: 15_000 },
  );
  return screen.getByRole('form', { name: /Edit branch/ });
}

/**
 * The zone list beside the map, once the map's chunk has loaded (in jsdom the map itself
 * shows that it cannot be drawn: no WebGL; the list, import and export work).
 */
export async function zoneList() {
  return screen.findByRole('region', { name: 'Zones' }, { timeout: 15_000 });
}

export function contactCard(n: number) {
  return screen.getByRole('listitem', { name: `Contact ${n}` });
}

export function saveButton() {
  return screen.getByRole('button', { name: 'Review and save' });
}

/**
 * Opens the review, checks it lists `expected` labels, and saves with the review's own Save (the
 * one confirmation): named for `warnings` new warnings when given. Returns the review dialog.
 */
export async function reviewAndSave(
  user: UserEvent,
  expectedLabels: (string | RegExp)[] = [],
  { warnings }: { warnings?: number } = {},
) {
  await waitFor(() => expect(saveButton()).toBeEnabled());
  await user.click(saveButton());
  const dialog = await screen.findByRole('dialog', { name: 'Review changes' });
  for (const label of expectedLabels) expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
  // Without a count, the save goes ahead whatever warnings the save brings.
  const label =
    warnings === undefined
      ? /^(Rename and save|Save) (\d+ changes?|with \d+ warnings?)$/
      : `Save with ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
  await user.click(within(dialog).getByRole('button', { name: label }));
  expect(screen.queryByRole('alertdialog')).toBeNull(); // nothing asks again
  return dialog;
}

/** Sets an <input type="time"> the way a time picker does (jsdom has no picker UI). */
export async function setTime(user: UserEvent, input: HTMLElement, hhmm: string) {
  await user.clear(input);
  await user.type(input, hhmm);
}
