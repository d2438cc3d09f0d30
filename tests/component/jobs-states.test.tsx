import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { job } from '../unit/fixtures';
import { renderApp } from './render';

/**
 * A real HTTP service that misbehaves on demand: a 500, a body that breaks the contract, or
 * an answer held back until the test releases it. It never mocks fetch.
 */
type Mode = 'ok' | 'error500' | 'malformed' | 'hold';
let server: Server;
let baseUrl: string;
let mode: Mode = 'ok';
let held: ServerResponse[] = [];

const page = {
  jobs: [job, { ...job, id: 1002, order_id: 'ORD-1002' }],
  total_records: 2,
  page: 1,
  total_pages: 1,
};

function answerOk(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== '/v1/jobs') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"not_found","message":"No such endpoint"}}');
      return;
    }
    switch (mode) {
      case 'ok':
        answerOk(res);
        return;
      case 'error500':
        res.writeHead(500, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: { code: 'internal_error', message: 'The jobs database is unavailable.' },
          }),
        );
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jobs: [{ ...job, status: 'seven' }],
            total_records: 1,
            page: 1,
            total_pages: 1,
          }),
        );
        return;
      case 'hold':
        held.push(res);
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  mode = 'ok';
  held = [];
});

const open = (path = '/jobs') => renderApp({ apiBaseUrl: baseUrl, token: 'any-token', path });

describe('jobs screen states', () => {
  it('shows a loading skeleton until the first page arrives', async () => {
    mode = 'hold';
    open();
    expect(await screen.findByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    mode = 'ok';
    for (const res of held) answerOk(res);
    // The table takes the skeleton's place (the rows may be drawn more than once as the screen's
    // other reads answer: what is on screen once it settles is checked).
    await waitFor(() => {
      expect(screen.getByRole('table')).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: 'Loading jobs' })).not.toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('1–2 of 2 jobs');
    });
  });

  it('shows the service’s message and a Retry button on a 500, and recovers on Retry', async () => {
    mode = 'error500';
    const user = userEvent.setup();
    open();
    // The client retries a 5xx twice with backoff before giving up.
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Could not load jobs');
    expect(alert).toHaveTextContent('The jobs database is unavailable.');
    mode = 'ok';
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('says which field of a malformed answer it cannot read, instead of crashing', async () => {
    mode = 'malformed';
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load jobs');
    expect(alert).toHaveTextContent('The service sent data this dashboard cannot read: at jobs.0.status');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('keeps the last page on screen when a refresh fails, and says so', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('table');
    mode = 'error500';
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Could not refresh the jobs: The jobs database is unavailable.');
    expect(alert).toHaveTextContent('The table shows the last loaded data.');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
