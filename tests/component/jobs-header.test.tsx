import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_TOKEN, startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

/**
 * The export control's code loads after the first rows (its own chunk). The test holds that
 * load back, which a real import cannot be made to do on demand, to see the header meanwhile.
 */
let releaseExport: () => void = () => undefined;
const exportLoaded = new Promise<void>((resolve) => {
  releaseExport = resolve;
});
vi.mock('../../src/features/jobs/header/ExportControl', async (importOriginal) => {
  await exportLoaded;
  return importOriginal();
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
});
afterAll(async () => {
  releaseExport();
  await server?.close();
});

describe('jobs header while the export code loads', () => {
  it('shows Export CSV in its place, disabled, then the working button: the header does not shift', async () => {
    renderApp({ apiBaseUrl: server.url, token: TEST_TOKEN, path: '/jobs' });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('1–20 of 60 jobs'),
    );
    const header = screen.getByRole('heading', { name: 'Jobs', level: 1 }).closest('header')!;
    const placeholder = within(header).getByRole('button', { name: 'Export CSV' });
    expect(placeholder).toBeDisabled();
    // Columns keeps its place: Export CSV already follows it.
    const columns = within(header).getByRole('button', { name: /^Columns/ });
    expect(columns.compareDocumentPosition(placeholder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    releaseExport();
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(within(header).getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1);
  });
});
