import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { startTestServer } from '../support/server';
import { jwtWith, openEditor, renderBranchApp, reviewAndSave, type TestServer } from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 40 });
});
afterAll(async () => {
  await server.close();
});

/**
 * A service with only the two documented endpoints: the branch extensions answer 404 and
 * `branch_embed` is ignored (jobs embed whole branches, as in v1).
 */
const withoutExtensions: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  if (url.searchParams.has('branch_embed')) {
    url.searchParams.delete('branch_embed');
    return fetch(url, init);
  }
  if ((init?.method ?? 'GET') === 'GET' && url.pathname.startsWith('/v1/branches')) {
    return new Response(
      JSON.stringify({ error: { code: 'not_found', message: `Route GET ${url.pathname} not found` } }),
      {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  }
  return fetch(input, init);
};

describe('branches page', () => {
  it('lists every branch with name, id, state, contact and zone counts, and searches them', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches' });
    const table = await screen.findByRole('table', { name: 'Branches' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(screen.getByText('8 branches')).toBeInTheDocument();

    const amsterdam = rows.find((r) => within(r).queryByRole('link', { name: 'Amsterdam Centrum' }))!;
    const cells = within(amsterdam)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 5)).toEqual(['AMS-01', 'Active', '3', '2']);

    const search = screen.getByLabelText('Search branches');
    await user.type(search, 'ldn');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['LDN-01']);
    expect(screen.getByText('1 of 8 branches')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'netherlands'); // the address
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'MALASANA'); // "Madrid Malasaña": case and accents aside
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Madrid Malasaña' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'atlantis');
    expect(screen.getByText('No branch matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(within(screen.getByRole('table', { name: 'Branches' })).getAllByRole('row')).toHaveLength(9);
  });

  it('opens a branch by id, and says clearly when there is no such branch', async () => {
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches' });
    const field = await screen.findByLabelText('Open branch by id');
    await user.type(field, 'no spaces allowed');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(field).toHaveAccessibleDescription('Ids use letters, digits, dots, dashes or underscores');

    await user.clear(field);
    await user.type(field, 'XYZ-99{Enter}');
    await waitFor(() => expect(history.location.pathname).toBe('/branches/XYZ-99'));
    expect(await screen.findByText('No branch with id XYZ-99')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All branches' }));
    await user.type(await screen.findByLabelText('Open branch by id'), 'PAR-01{Enter}');
    await openEditor('Paris Le Marais');
  });

  it('works with a service that only has the two documented endpoints', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches', fetch: withoutExtensions });
    expect(await screen.findByText(/does not offer a list of branches/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Branches' });
    // The branches embedded in the first page of jobs; the jobs screens keep them without
    // contacts and zones, so the list does not claim counts it does not know.
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    const paris = within(table).getByRole('link', { name: 'Paris Le Marais' }).closest('tr')!;
    expect(within(paris).getAllByRole('cell')[3]).toHaveTextContent('not known');
    expect(within(paris).getAllByRole('cell')[4]).toHaveTextContent('not known');

    // The editor reads the whole branch, zones included, from the jobs that embed it, and saves with the PUT.
    await user.click(within(table).getByRole('link', { name: 'Paris Le Marais' }));
    await openEditor('Paris Le Marais');
    const zones = (await getBranch(server, 'PAR-01'))!.delivery_zones!.features.length;
    expect(zones).toBeGreaterThan(0);
    expect(
      await screen.findByRole('heading', { name: `${zones} zone${zones === 1 ? '' : 's'}` }),
    ).toBeInTheDocument();
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, '12 Rue des Rosiers, Paris');
    await reviewAndSave(user, ['Address']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(server, 'PAR-01'))!.formatted_address).toBe('12 Rue des Rosiers, Paris');

    // Unknown ids still get a clear not-found page through the jobs fallback.
    renderBranchApp({ server, path: '/branches/NOPE-1', fetch: withoutExtensions });
    expect(await screen.findByText('No branch with id NOPE-1')).toBeInTheDocument();
  });

  it('marks the branches the sign-in may edit and filters to them; a token that says nothing marks none', async () => {
    const user = userEvent.setup();
    const ids = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    const marked = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .filter((r) => within(r).queryByText('You can edit'))
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

    const first = renderBranchApp({
      server,
      path: '/branches',
      accessToken: jwtWith({ scope: 'openid branches:write', branch_ids: ['man-01', 'PAR-01'] }),
    });
    let table = await screen.findByRole('table', { name: 'Branches' });
    expect(marked(table).sort()).toEqual(['MAN-01', 'PAR-01']); // ids compared regardless of case
    expect(screen.getByText(/8 branches · you can edit 2/)).toBeInTheDocument();
    const which = screen.getByRole('group', { name: 'Which branches' });
    await user.click(within(which).getByRole('button', { name: 'You can edit' }));
    expect(ids(table).sort()).toEqual(['MAN-01', 'PAR-01']);
    expect(screen.getByText(/2 of 8 branches/)).toBeInTheDocument();
    // With a search, still only editable ones; none matching says so and offers them all.
    await user.type(screen.getByLabelText('Search branches'), 'berlin');
    expect(screen.getByText('No branch you can edit matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all branches' }));
    table = screen.getByRole('table', { name: 'Branches' });
    expect(ids(table)).toEqual(['BER-01']);
    first.unmount();

    // Read-only sign-in: no branch marked; the filter says there is none to edit.
    const second = renderBranchApp({ server, path: '/branches', accessToken: jwtWith({ scope: 'openid' }) });
    table = await screen.findByRole('table', { name: 'Branches' });
    expect(marked(table)).toEqual([]);
    await user.click(
      within(screen.getByRole('group', { name: 'Which branches' })).getByRole('button', {
        name: 'You can edit',
      }),
    );
    expect(screen.getByText('You cannot edit any of these branches')).toBeInTheDocument();
    second.unmount();

    // A pasted API token says nothing of its permissions: no marks, no filter.
    renderBranchApp({ server, path: '/branches' });
    table = await screen.findByRole('table', { name: 'Branches' });
    expect(marked(table)).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Which branches' })).toBeNull();
    expect(screen.getByText('8 branches')).toBeInTheDocument();
  });
});
