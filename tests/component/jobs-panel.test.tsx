import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/ui';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

let server: TestServer;
/** The seeded job with the long history (≥ 50 entries) and the page it is on. */
let longJob: { id: number; page: number; entries: number };

beforeAll(async () => {
  server = await startTestServer({ jobs: 200 });
  const row = server.db
    .prepare(
      'SELECT job_id AS id, count(*) AS n FROM job_status_history GROUP BY job_id ORDER BY n DESC LIMIT 1',
    )
    .get() as { id: number; n: number };
  const newer = server.db
    .prepare('SELECT count(*) FROM jobs WHERE created_at > (SELECT created_at FROM jobs WHERE id = ?)')
    .pluck()
    .get(row.id) as number;
  longJob = { id: row.id, entries: row.n, page: Math.floor(newer / 20) + 1 };
});
afterAll(async () => {
  await server.close();
});

const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);

describe('job panel', () => {
  it('opens from a link, shows the whole status history oldest first with actor, remarks, times in the branch’s zone and the time in each status', async () => {
    expect(longJob.entries).toBeGreaterThanOrEqual(50);
    const user = userEvent.setup();
    renderApp({
      apiBaseUrl: server.url,
      token: server.token,
      path: `/jobs?page=${longJob.page}&job=${longJob.id}`,
    });
    const dialog = await screen.findByRole('dialog', { name: `Job ${longJob.id}` });

    await user.click(await within(dialog).findByRole('tab', { name: `History (${longJob.entries})` }));
    const list = within(dialog).getByRole('list', { name: 'Status history, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(longJob.entries);

    const history = server.db
      .prepare(
        'SELECT status, remarks, actor_name, actor_type, actor_id, created_at FROM job_status_history WHERE job_id = ? ORDER BY created_at, id',
      )
      .all(longJob.id) as {
      status: number;
      remarks: string;
      actor_name: string;
      actor_type: string;
      actor_id: string;
      created_at: number;
    }[];
    const first = history[0]!;
    const second = history[1]!;
    const zone = server.db
      .prepare('SELECT b.time_zone FROM jobs j JOIN branches b ON b.id = j.branch_id WHERE j.id = ?')
      .pluck()
      .get(longJob.id) as string;
    // The status by its label; its code only in the badge's tooltip.
    expect(items[0]).toHaveTextContent(/^Created(?!\d)/);
    expect(items[0]).toHaveTextContent(formatDateTime(first.created_at, zone));
    expect(dialog).toHaveTextContent(`Times in ${zone}, the branch's zone; hover a time for yours`);
    expect(items[0]).toHaveTextContent(`by ${first.actor_name} (${first.actor_type} · ${first.actor_id})`);
    // Each entry says how long the job stayed in its status, labelled with that status.
    const minutes = Math.floor((second.created_at - first.created_at) / 60);
    expect(items[0]).toHaveTextContent(
      minutes < 1 ? /\d+ s in Created/ : new RegExp(`${minutes} min in Created`),
    );
    expect(items[1]).not.toHaveTextContent(/in Created/);
    const withRemarks = history.findIndex((h) => h.remarks);
    expect(items[withRemarks]).toHaveTextContent(history[withRemarks]!.remarks);
    // Oldest first, to the last.
    const last = history[history.length - 1]!;
    expect(items[items.length - 1]).toHaveTextContent(formatDateTime(last.created_at, zone));
    // Delivered is final (runtime config): no "so far" on it.
    expect(items[items.length - 1]).not.toHaveTextContent(/so far/);
    expect(
      within(dialog).getByText(new RegExp(`^${longJob.entries} status changes over`)),
    ).toBeInTheDocument();
  });

  it('shows the job, the rider card, pickups and deliveries with flags and images, and the raw JSON to copy', async () => {
    // A delivery with an unsafe image link, a missing address and special handling.
    const target = server.db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 1')
      .pluck()
      .get() as number;
    const delivery = server.db
      .prepare('SELECT id FROM deliveries WHERE job_id = ? ORDER BY position LIMIT 1')
      .pluck()
      .get(target) as number;
    server.db
      .prepare(
        `UPDATE deliveries SET proof_of_delivery_images = ?, address = NULL, customer = NULL, leave_at_door = 1, signature_required = 1,
         age_restricted_delivery = 0, tracking_id = 'TRK-TEST-1' WHERE id = ?`,
      )
      .run(JSON.stringify(['javascript:alert(1)', 'https://pod.example.com/x/photo-1.jpg']), delivery);
    server.db.prepare("UPDATE jobs SET notes = 'Call the concierge' WHERE id = ?").run(target);
    const rider = server.db
      .prepare('SELECT r.* FROM riders r JOIN jobs j ON j.rider_id = r.id WHERE j.id = ?')
      .get(target) as
      | {
          name: string;
          username: string;
          dial_code: string;
          mobile: string;
          email: string;
          email_verified: number;
        }
      | undefined;

    const user = userEvent.setup();
    const { history } = renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs' });
    const row = (await screen.findAllByRole('row')).find(
      (r) => r.getAttribute('data-job-id') === String(target),
    )!;
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: `Job ${target}` });
    expect(search(history).get('job')).toBe(String(target));

    await within(dialog).findByRole('tab', { name: 'Overview' });
    expect(within(dialog).getByText('Call the concierge')).toBeInTheDocument();
    expect(within(dialog).getByText('Next offered')).toBeInTheDocument();
    expect(rider).toBeDefined();
    const card = within(dialog).getByRole('region', { name: `Rider: ${rider!.name}` });
    expect(card).toHaveTextContent(`@${rider!.username}`);
    expect(card).toHaveTextContent(rider!.mobile ? `${rider!.dial_code} ${rider!.mobile}` : 'No phone');
    expect(card).toHaveTextContent(rider!.email);
    expect(card).toHaveTextContent(rider!.email_verified ? 'Email verified' : 'Email not verified');

    await user.click(within(dialog).getByRole('tab', { name: /^Stops \(\d+\)$/ }));
    const deliveryCard = within(dialog).getByRole('region', { name: /^Delivery 1/ });
    expect(deliveryCard).toHaveTextContent('TRK-TEST-1');
    const flags = within(deliveryCard).getByRole('list', { name: 'Delivery flags' });
    expect(flags).toHaveTextContent('Leave at door: Yes');
    expect(flags).toHaveTextContent('Signature required: Yes');
    expect(flags).toHaveTextContent('Age restricted: No');
    // Only http(s) links become images; the other is named, not loaded.
    const images = within(deliveryCard).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['https://pod.example.com/x/photo-1.jpg']);
    expect(deliveryCard).toHaveTextContent('Image 1 not shown (not an http(s) link)');
    // A null address or customer reads as a dash, not a crash.
    expect(within(deliveryCard).getByText('Address').nextElementSibling).toHaveTextContent('—');
    // Packages with their barcodes.
    const pkg = server.db
      .prepare('SELECT package_id, barcode FROM packages WHERE delivery_id = ? LIMIT 1')
      .get(delivery) as { package_id: string; barcode: string };
    const pkgRow = within(deliveryCard).getByRole('row', { name: new RegExp(pkg.package_id) });
    expect(pkgRow).toHaveTextContent(pkg.barcode);

    await user.click(within(dialog).getByRole('tab', { name: 'Raw JSON' }));
    const raw = within(dialog).getByLabelText('Job JSON');
    expect(JSON.parse(raw.textContent!)).toMatchObject({ id: target, notes: 'Call the concierge' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy JSON' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(JSON.parse(await navigator.clipboard.readText())).toMatchObject({ id: target });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search(history).get('job')).toBeNull();
  });

  it('explains when a linked job is not on the page, and finds it on another page on request', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({
      apiBaseUrl: server.url,
      token: server.token,
      path: `/jobs?job=${longJob.id}`,
    });
    const dialog = await screen.findByRole('dialog', { name: `Job ${longJob.id}` });
    expect(await within(dialog).findByText(/is not on page 1 of the jobs/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Look through all 10 pages/ }));
    await waitFor(() => expect(search(history).get('page')).toBe(String(longJob.page)));
    expect(
      await within(dialog).findByRole('tab', { name: `History (${longJob.entries})` }),
    ).toBeInTheDocument();
    expect(search(history).get('job')).toBe(String(longJob.id));
  });

  it('isolates a name holding a right-to-left override, so the words beside it keep their order', async () => {
    const onFirstPage = server.db
      .prepare('SELECT id, rider_id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 20')
      .all() as { id: number; rider_id: number | null }[];
    const target = onFirstPage.find((j) => j.rider_id !== null)!;
    // U+202E (RIGHT-TO-LEFT OVERRIDE), never closed: outside an isolate it would reverse every
    // character after it in the paragraph.
    const name = 'Sam \u202Erekim';
    const before = server.db.prepare('SELECT name FROM riders WHERE id = ?').pluck().get(target.rider_id);
    server.db.prepare('UPDATE riders SET name = ? WHERE id = ?').run(name, target.rider_id);
    try {
      renderApp({ apiBaseUrl: server.url, token: server.token, path: `/jobs?job=${target.id}` });
      const dialog = await screen.findByRole('dialog', { name: `Job ${target.id}` });
      await within(dialog).findByRole('tab', { name: 'Overview' });

      const header = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
      expect(header).toHaveTextContent(`· ${name}`);
      // The name is alone in its own isolate; the words before it ("Order …", the status) are outside it.
      const isolated = [...header.querySelectorAll('bdi')].filter((b) => b.textContent?.includes('\u202E'));
      expect(isolated).toHaveLength(1);
      expect(isolated[0]!.textContent).toBe(name);
      const order = [...header.childNodes].find((n) => n.textContent?.startsWith('Order'))!;
      expect(order).toBeDefined();
      expect(isolated[0]!.contains(order)).toBe(false);

      // The same in the panel's "Rider" line: the position after the name stays outside its isolate.
      const triage = within(dialog).getByRole('region', { name: 'Needs attention' });
      const inTriage = [...triage.querySelectorAll('bdi')].find((b) => b.textContent?.includes('\u202E'))!;
      expect(inTriage.textContent).toBe(name);
      expect(inTriage.parentElement).toHaveTextContent(new RegExp(`^${name}: `));
      expect(inTriage.nextSibling?.textContent).toBe(': ');
    } finally {
      server.db.prepare('UPDATE riders SET name = ? WHERE id = ?').run(before, target.rider_id);
    }
  });

  it('says so when no page holds the linked job', async () => {
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs?job=999999&status=7' });
    const dialog = await screen.findByRole('dialog', { name: 'Job 999999' });
    await user.click(await within(dialog).findByRole('button', { name: /Look through all/ }));
    expect(
      await within(dialog).findByText('No page matching the current filters holds job 999999.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Clear filters and keep looking' }),
    ).toBeInTheDocument();
  });

  it('keeps the open job readable when a refresh moves it off the page', async () => {
    const newest = server.db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 1')
      .pluck()
      .get() as number;
    const { queryClient } = renderApp({
      apiBaseUrl: server.url,
      token: server.token,
      path: `/jobs?job=${newest}`,
    });
    const dialog = await screen.findByRole('dialog', { name: `Job ${newest}` });
    await within(dialog).findByRole('tab', { name: 'Overview' });

    // The job now sorts last, so page 1 no longer holds it; then the list refreshes (as auto-refresh does).
    server.db.prepare('UPDATE jobs SET created_at = 1 WHERE id = ?').run(newest);
    await queryClient.invalidateQueries();
    expect(await within(dialog).findByText(/This job is not on the page shown now/)).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
  });
});
