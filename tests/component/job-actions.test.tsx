/**
 * The job action dialogs against the in-process reference server (the whole app, the job's
 * panel open): what each says before anything is sent (validation), a refusal (403) and a
 * conflict (412) shown without closing, and the bulk dialog's per-job results.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: 120 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The newest job in `status` (on page 1 of that status). */
const jobIn = (status: number) =>
  server.db
    .prepare('SELECT id FROM jobs WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT 1')
    .pluck()
    .get(status) as number;
const historyLength = (id: number) =>
  server.db.prepare('SELECT count(*) FROM job_status_history WHERE job_id = ?').pluck().get(id) as number;

async function openAction(status: number, button: string) {
  const user = userEvent.setup();
  const id = jobIn(status);
  renderApp({ apiBaseUrl: server.url, token: server.token, path: `/jobs?status=${status}&job=${id}` });
  const panel = await screen.findByRole('dialog', { name: `Job ${id}` }, { timeout: 30_000 });
  await user.click(await within(panel).findByRole('button', { name: button }, { timeout: 30_000 }));
  const dialog = await screen.findByRole('dialog', { name: new RegExp(`: job ${id}$`) }, { timeout: 30_000 });
  await within(dialog).findByRole('group', { name: 'What to do' }, { timeout: 30_000 });
  return { user, id, dialog };
}

/** The app's lazy screens load slowly on a busy machine the first time: each test may take a minute. */
vi.setConfig({ testTimeout: 90_000 });

describe('the job action dialog', () => {
  it('says what is missing before sending: a remark, its length, a status, a rider', async () => {
    const { user, id, dialog } = await openAction(3, 'Add remark…');
    const before = historyLength(id);
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Add the remark' }));
    expect(await d.findByText('Write a remark')).toBeTruthy();
    await user.click(d.getByRole('textbox', { name: 'Remark' }));
    await user.paste('x'.repeat(501));
    await user.click(d.getByRole('button', { name: 'Add the remark' }));
    expect(await d.findByText('Remarks are at most 500 characters (501 now)')).toBeTruthy();

    await user.click(d.getByRole('radio', { name: 'Change status' }));
    await user.clear(d.getByRole('textbox', { name: 'Remark (optional)' }));
    await user.click(d.getByRole('button', { name: 'Move the job' }));
    expect(await d.findByText('Choose the status to move to')).toBeTruthy();

    await user.click(d.getByRole('radio', { name: 'Reassign rider' }));
    await user.click(d.getByRole('button', { name: 'Reassign' }));
    expect(await d.findByText('Choose a rider')).toBeTruthy();
    // Nothing reached the service.
    expect(historyLength(id)).toBe(before);
  });

  it('says what is not allowed when the service refuses (403), and stays open', async () => {
    const { user, id, dialog } = await openAction(3, 'Add remark…');
    const before = historyLength(id);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      init?.method === 'POST'
        ? Promise.resolve(
            new Response(
              JSON.stringify({
                error: {
                  code: 'forbidden',
                  message: `This sign-in may act on jobs of branches LON-01 only; job ${id} is of MAD-01. Nothing was changed.`,
                },
              }),
              { status: 403, headers: { 'Content-Type': 'application/json' } },
            ),
          )
        : realFetch(input, init),
    );
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'Remark' }), 'On my way');
    await user.click(d.getByRole('button', { name: 'Add the remark' }));
    const alert = await d.findByRole('alert');
    expect(alert.textContent).toContain('Not allowed.');
    expect(alert.textContent).toContain('may act on jobs of branches LON-01 only');
    expect(screen.getByRole('dialog', { name: `Add a remark: job ${id}` })).toBeTruthy();
    expect(historyLength(id)).toBe(before);
  });

  it('shows a conflict (412) with the job as it is now and sends nothing over it', async () => {
    const { user, id, dialog } = await openAction(3, 'Add remark…');
    // Someone else adds a remark meanwhile, through the API.
    const read = await fetch(`${server.url}/v1/jobs/${id}`, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    const changed = await fetch(`${server.url}/v1/jobs/${id}/remarks`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.token}`,
        'If-Match': read.headers.get('etag')!,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ remarks: 'Gate code 4411' }),
    });
    expect(changed.status).toBe(200);
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'Remark' }), 'Mine');
    await user.click(d.getByRole('button', { name: 'Add the remark' }));
    const alert = await d.findByRole('alert');
    expect(alert.textContent).toContain('Changed by someone else.');
    expect(await d.findByText('Gate code 4411')).toBeTruthy();
    const remarks = server.db
      .prepare('SELECT remarks FROM job_status_history WHERE job_id = ?')
      .pluck()
      .all(id) as string[];
    expect(remarks).not.toContain('Mine');
  });
});

describe('the bulk dialog', () => {
  it('names the count, checks the choice, and reports a job changed since it was selected as a conflict', async () => {
    // Accepted jobs: At pickup, Assigned or Cancelled next.
    expect(server.db.prepare('SELECT count(*) FROM jobs WHERE status = 3').pluck().get()).toBeGreaterThan(1);
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs?status=3' });
    const boxes = await screen.findAllByRole('checkbox', { name: /^Select job \d+$/ }, { timeout: 30_000 });
    const ids = boxes
      .slice(0, 2)
      .map((b) => Number(b.getAttribute('aria-label')!.replace('Select job ', '')));
    for (const box of boxes.slice(0, 2)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Act on 2 jobs…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act on 2 jobs' }, { timeout: 30_000 });
    const d = within(dialog);
    await user.click(d.getByRole('radio', { name: 'Change status' }));
    await user.click(d.getByRole('button', { name: 'Move 2 jobs' }));
    expect(await d.findByText('Choose the status to move to')).toBeTruthy();
    await user.click(d.getByRole('radio', { name: /At pickup/ }));
    expect(d.getByText(/2 jobs will be moved to At pickup\./)).toBeTruthy();
    // The second job changes after it was selected.
    server.db.prepare('UPDATE jobs SET updated_at = updated_at + 60 WHERE id = ?').run(ids[1]);
    await user.click(d.getByRole('button', { name: 'Move 2 jobs' }));
    await d.findByText('Finished: 1 done, 1 conflict, 0 refused.', {}, { timeout: 30_000 });
    const items = within(d.getByRole('list', { name: 'Result per job' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `Job ${ids[0]}: Done`,
      expect.stringContaining(`Job ${ids[1]}: Conflict`),
    ]);
    await waitFor(() =>
      expect(server.db.prepare('SELECT status FROM jobs WHERE id = ?').pluck().get(ids[0])).toBe(4),
    );
    expect(server.db.prepare('SELECT status FROM jobs WHERE id = ?').pluck().get(ids[1])).toBe(3);
  });
});
