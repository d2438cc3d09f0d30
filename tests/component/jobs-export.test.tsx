import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { job } from '../unit/fixtures';
import { renderApp } from './render';

/** What the browser was asked to save: captured where the app hands the file to the browser. */
type Download = { filename: string; text: string };
let downloads: Download[] = [];
const pendingBlobs = new Map<string, Blob>();

beforeEach(() => {
  downloads = [];
  let n = 0;
  // jsdom has no object URLs or file downloads: record the file the app would save.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    pendingBlobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = pendingBlobs.get(this.href);
    if (!blob) return;
    const filename = this.download;
    // jsdom's Blob has no text(); FileReader would drop the BOM, so read the bytes.
    const reader = new FileReader();
    reader.onload = () => {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer);
      downloads.push({ filename, text });
    };
    reader.readAsArrayBuffer(blob);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function nextDownload(): Promise<Download> {
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 20_000 });
  return downloads[0]!;
}

function parseCsv(text: string) {
  expect(text.charCodeAt(0)).toBe(0xfeff); // BOM: spreadsheets read the file as UTF-8
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

async function chooseExport(user: ReturnType<typeof userEvent.setup>, item: RegExp) {
  // Disabled until the page and the control's code are in (a placeholder holds its place).
  const button = await waitFor(() => {
    const b = screen.getByRole('button', { name: 'Export CSV' });
    expect(b).toBeEnabled();
    return b;
  });
  await user.click(button);
  const panel = await screen.findByRole('dialog', { name: 'Export CSV' });
  await user.click(within(panel).getByRole('button', { name: item }));
}

describe('CSV export against the reference server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs: 60, pageSize: 5 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('exports the current page with formula-like cells escaped and plain cells untouched', async () => {
    const ids = server.db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 5')
      .pluck()
      .all() as number[];
    const notes = [
      '=HYPERLINK("http://evil.example","click")',
      '@SUM(A1:A9)',
      '\tcmd',
      '-2+3\nsecond line',
      'Plain note, = inside is fine',
    ];
    ids.forEach((id, i) => server.db.prepare('UPDATE jobs SET notes = ? WHERE id = ?').run(notes[i], id));
    server.db.prepare("UPDATE jobs SET order_id = '+ORD-EVIL' WHERE id = ?").run(ids[0]);

    const user = userEvent.setup();
    renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs?page=1' });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('1–5 of 60 jobs'),
    );
    await chooseExport(user, /^This page/);

    const file = await nextDownload();
    expect(file.filename).toMatch(/^jobs-page-1-\d{8}-\d{4}\.csv$/);
    const csv = parseCsv(file.text);
    expect(csv.meta.fields).toEqual(
      expect.arrayContaining([
        'job_id',
        'order_id',
        'status',
        'status_label',
        'rider_name',
        'branch_ids',
        'total_amount',
        'created_at',
        'notes',
      ]),
    );
    expect(csv.data.map((r) => Number(r.job_id))).toEqual(ids);
    const byId = new Map(csv.data.map((r) => [Number(r.job_id), r]));
    expect(byId.get(ids[0]!)!.notes).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byId.get(ids[0]!)!.order_id).toBe(`'+ORD-EVIL`);
    expect(byId.get(ids[1]!)!.notes).toBe(`'@SUM(A1:A9)`);
    expect(byId.get(ids[2]!)!.notes).toBe(`'\tcmd`);
    expect(byId.get(ids[3]!)!.notes).toBe(`'-2+3\nsecond line`); // a line break does not let it through
    expect(byId.get(ids[4]!)!.notes).toBe('Plain note, = inside is fine');
    // Numbers stay numbers; times carry the viewer's offset.
    expect(byId.get(ids[4]!)!.total_amount).toMatch(/^\d+(\.\d+)?$/);
    expect(byId.get(ids[4]!)!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    // Each delivery's customer and address, in order, as the service holds them.
    const stops = server.db
      .prepare('SELECT customer, address FROM deliveries WHERE job_id = ? ORDER BY position')
      .all(ids[4]) as { customer: string | null; address: string | null }[];
    const customers = stops.map((d) => (d.customer ? JSON.parse(d.customer) : {}));
    const addresses = stops.map((d) => (d.address ? JSON.parse(d.address) : {}));
    expect(byId.get(ids[4]!)!.delivery_customer_names).toBe(customers.map((c) => c.name ?? '').join('; '));
    expect(byId.get(ids[4]!)!.delivery_addresses).toBe(
      addresses.map((a) => [a.line1, a.city, a.postcode].filter(Boolean).join(', ')).join('; '),
    );
    expect(byId.get(ids[4]!)!.late_by_minutes).toMatch(/^\d*$/);
    expect(await screen.findByText('Exported 5 jobs')).toBeInTheDocument();
  });

  it('exports every page matching the filters into one file', async () => {
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs?status=7' });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(/^1–5 of/),
    );
    const expected = server.db
      .prepare('SELECT id FROM jobs WHERE status = 7 ORDER BY created_at DESC, id DESC')
      .pluck()
      .all() as number[];
    expect(expected.length).toBeGreaterThan(10); // several pages of 5
    await chooseExport(user, /^All pages matching the filters/);
    const file = await nextDownload();
    expect(file.filename).toMatch(/^jobs-status-7-all-/);
    const csv = parseCsv(file.text);
    expect(csv.data.map((r) => Number(r.job_id))).toEqual(expected);
    expect(new Set(csv.data.map((r) => r.status_label))).toEqual(new Set(['Delivered']));
  });
});

describe('CSV export of many pages', () => {
  /** A service with as many synthetic jobs as `total` says, 20 per page; pages from 2 on can be held. */
  let server: Server;
  let baseUrl: string;
  let total = 60;
  let holdFrom = Infinity;
  let held: ServerResponse[] = [];
  const requested: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/v1/jobs') {
        res.writeHead(404).end();
        return;
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      requested.push(page);
      if (page >= holdFrom) {
        held.push(res);
        return;
      }
      const pages = Math.ceil(total / 20);
      const count = page > pages ? 0 : Math.min(20, total - (page - 1) * 20);
      const jobs = Array.from({ length: count }, (_, i) => ({
        ...job,
        id: (page - 1) * 20 + i + 1,
        order_id: `ORD-${(page - 1) * 20 + i + 1}`,
      }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jobs, total_records: total, page, total_pages: pages }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    holdFrom = Infinity;
    held = [];
    requested.length = 0;
  });

  it('shows progress while it fetches pages, and Cancel stops it without saving anything', async () => {
    total = 200;
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: baseUrl, token: 't', path: '/jobs' });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('1–20 of 200 jobs'),
    );
    holdFrom = 2;
    await chooseExport(user, /^All pages matching the filters/);
    const progress = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    expect(progress).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText(/Exporting: page/)).toHaveTextContent('Exporting: page 1 of 10, 20 jobs');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    // The strip spans the page above the table, not squeezed beside the button in the header.
    expect(progress.closest('header')).toBeNull();
    const table = screen.getByRole('table');
    expect(progress.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    for (const res of held) res.destroy();
  });

  it('asks before more than 10,000 rows, and can stop at the first 10,000', async () => {
    total = 12_345;
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: baseUrl, token: 't', path: '/jobs' });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('of 12,345 jobs'),
    );
    await chooseExport(user, /^All pages matching the filters/);
    const ask = await screen.findByRole('alertdialog', { name: 'Export 12,345 jobs?' });
    expect(ask).toHaveTextContent('more than 10,000 rows');
    expect(within(ask).getByRole('button', { name: 'Export all 12,345' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Only the first 10,000' }));

    const file = await nextDownload();
    const csv = parseCsv(file.text);
    expect(csv.data).toHaveLength(10_000);
    expect(csv.data[9_999]!.job_id).toBe('10000');
    expect(Math.max(...requested)).toBe(500); // it did not fetch past the cap
  });
});
