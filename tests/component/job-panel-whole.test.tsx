import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

/**
 * The control room hands the job panel the working set's compact records (no packages, proof,
 * signature or notes): the panel reads the whole job, through `GET /v1/jobs/{id}` where the
 * service has it and through the pages of the two documented endpoints where it does not.
 */
const NOW = TEST_REFERENCE_TIME + 13 * 3600;

function prepare(server: TestServer): number {
  const id = server.db
    .prepare('SELECT id FROM jobs WHERE status BETWEEN 2 AND 6 ORDER BY created_at DESC LIMIT 1')
    .pluck()
    .get() as number;
  const delivery = server.db
    .prepare('SELECT id FROM deliveries WHERE job_id = ? ORDER BY position LIMIT 1')
    .pluck()
    .get(id) as number;
  server.db.prepare("UPDATE jobs SET notes = 'Ring twice, side door' WHERE id = ?").run(id);
  server.db
    .prepare("INSERT INTO packages (delivery_id, package_id, barcode) VALUES (?, 'PKG-WHOLE-1', 'BC-777')")
    .run(delivery);
  return id;
}

let withActions: TestServer;
let bare: TestServer;
beforeAll(async () => {
  [withActions, bare] = await Promise.all([
    startTestServer({ jobs: 200, referenceTime: NOW }),
    startTestServer({ jobs: 200, referenceTime: NOW, jobActions: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([withActions.close(), bare.close()]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['with GET /v1/jobs/{id}', () => withActions],
  ['on the two documented endpoints', () => bare],
])('the control room’s job panel %s', (_name, server) => {
  it('shows the notes and packages the working set leaves out, once the whole job is read', async () => {
    const id = prepare(server());
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: server().url, token: server().token, path: `/overview?job=${id}` });
    await screen.findByRole('dialog', { name: `Job ${id}` }, { timeout: 30_000 });
    const dialog = () => screen.getByRole('dialog', { name: `Job ${id}` });
    await waitFor(() => expect(within(dialog()).getByText('Ring twice, side door')).toBeVisible(), {
      timeout: 10_000,
    });
    expect(within(dialog()).queryByText(/Reading the whole job/)).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('tab', { name: /^Stops/ }));
    const packages = (await within(dialog()).findByText('PKG-WHOLE-1')).closest('table')!;
    expect(packages).toHaveTextContent('BC-777');
    await user.click(within(dialog()).getByRole('tab', { name: 'Raw JSON' }));
    expect(within(dialog()).getByLabelText('Job JSON')).toHaveTextContent('Ring twice, side door');
  });
});
