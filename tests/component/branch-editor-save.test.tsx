import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchListQueryOptions, etagOf, jobsQueryOptions, queryKeys } from '../../src/api';
import type { Branch } from '../../src/contract';
import { formatDateTime } from '../../src/ui';
import { getBranch } from '../support/branches';
import { startTestServer } from '../support/server';
import {
  contactCard,
  draftOf,
  openEditor,
  putBranch,
  renderBranchApp,
  reviewAndSave,
  saveButton,
  setTime,
  type TestServer,
  zoneList,
} from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
});
afterAll(async () => {
  await server.close();
});

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

type Change = { fail?: boolean; body?: unknown; answer?: (response: Response) => Promise<Response> };

/**
 * The app's fetch, recording every request (and optionally rewriting one's body, failing it,
 * or rewriting the service's answer).
 */
function recordingFetch(hook?: (call: Call, n: number) => Change | void) {
  const calls: Call[] = [];
  const impl: typeof fetch = async (input, init) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const change = hook?.(call, calls.filter((c) => c.method === call.method).length);
    if (change?.fail) throw new TypeError('fetch failed');
    const sent = change && 'body' in change ? { ...init, body: JSON.stringify(change.body) } : init;
    const response = await fetch(input, sent);
    return change?.answer ? change.answer(response) : response;
  };
  return { calls, impl, puts: () => calls.filter((c) => c.method === 'PUT') };
}

/** The service's answer without its ETag: a service that names no versions. */
function withoutEtag(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('etag');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The ETag the service now gives a branch. */
async function etagNow(server: TestServer, id: string): Promise<string> {
  const response = await fetch(`${server.url}/v1/branches/${id}`, {
    headers: { Authorization: `Bearer ${server.token}`, 'Accept-Encoding': 'identity' },
  });
  return response.headers.get('etag')!;
}

describe('saving a branch', () => {
  it('saves identity and location fields, sending only what changed, after a review of each', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch();
    const { queryClient, api } = renderBranchApp({ server, path: '/branches/AMS-01', fetch: rec.impl });
    await openEditor('Amsterdam Centrum');
    // Jobs of this branch (which embed it) and the branch list are in the cache.
    const jobsKey = jobsQueryOptions(api, { branch_id: 'AMS-01', page: 1 }).queryKey;
    await queryClient.fetchQuery(jobsQueryOptions(api, { branch_id: 'AMS-01', page: 1 }));
    await queryClient.fetchQuery(branchListQueryOptions(api));
    expect(queryClient.getQueryState(jobsKey)?.isInvalidated).toBe(false);

    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.type(name, 'Amsterdam Jordaan');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    // Pasting "lat, lon" into latitude fills both.
    await user.clear(screen.getByLabelText('Latitude'));
    await user.click(screen.getByLabelText('Latitude'));
    await user.paste('52.3752, 4.8840');
    expect(screen.getByLabelText('Longitude')).toHaveValue('4.8840');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Westerstraat 1, Amsterdam');
    expect(screen.getByText('4 unsaved changes')).toBeInTheDocument();

    const dialog = await reviewAndSave(user, [
      'Name',
      'Active',
      'Coordinates',
      'Address',
      'Amsterdam Jordaan',
      'Inactive',
      '52.3752, 4.8840 (lat, lon)',
    ]);
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No unsaved changes')).toBeInTheDocument());

    // Only the changed fields travelled.
    expect(rec.puts()).toHaveLength(1);
    expect(rec.puts()[0]!.url).toBe(`${server.url}/v1/branches/AMS-01`);
    expect(rec.puts()[0]!.body).toEqual({
      branch: {
        name: 'Amsterdam Jordaan',
        active: false,
        coordinates: { latitude: 52.3752, longitude: 4.884 },
        formatted_address: 'Westerstraat 1, Amsterdam',
      },
    });
    // The PUT was conditional on the version loaded (If-Match: its ETag), with no read just
    // before it; its answer (the whole branch) is not read again.
    const branchUrl = `${server.url}/v1/branches/AMS-01`;
    const putIndex = rec.calls.findIndex((c) => c.method === 'PUT');
    expect(rec.calls.filter((c) => c.url === branchUrl && c.method === 'GET')).toHaveLength(1);
    expect(rec.calls.slice(putIndex + 1).filter((c) => c.url === branchUrl)).toEqual([]);
    const ifMatch = rec.puts()[0]!.headers['If-Match']!;
    expect(ifMatch).toMatch(/^"\d+\.\d+(-\w+)?"$/);

    const saved = await getBranch(server, 'AMS-01');
    expect(saved).toMatchObject({
      name: 'Amsterdam Jordaan',
      active: false,
      coordinates: { latitude: 52.3752, longitude: 4.884 },
      formatted_address: 'Westerstraat 1, Amsterdam',
    });
    expect(saved!.contacts).toHaveLength(3); // untouched
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Amsterdam Jordaan');
    expect(draftOf(server, 'AMS-01')).toBeNull();
    // Caches: the branch holds the saved version; lists and jobs that embed it are invalidated.
    // (with the saved version's ETag, which a next save sends: the one the service now gives)
    const cached = queryClient.getQueryData<Branch>(queryKeys.branch('AMS-01'))!;
    expect(cached).toMatchObject({ name: 'Amsterdam Jordaan', updated_at: saved!.updated_at });
    expect(etagOf(cached)).not.toBe(ifMatch);
    expect(etagOf(cached)!.replace(/-\w+"$/, '"')).toBe(await etagNow(server, 'AMS-01'));
    expect(queryClient.getQueryState(jobsKey)?.isInvalidated).toBe(true);
    // The zone map watches the branch list (other branches' zones), so invalidating it
    // refetches it at once: it then holds the saved branch.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.branchList())).toContainEqual(
        expect.objectContaining({ id: 'AMS-01', name: 'Amsterdam Jordaan', updated_at: saved!.updated_at }),
      ),
    );
  });

  it('reads the saved branch again when the service’s PUT answers with its id only, as the interface allows', async () => {
    const user = userEvent.setup();
    const branchUrl = `${server.url}/v1/branches/MAD-01`;
    const rec = recordingFetch((call) =>
      call.method === 'PUT'
        ? {
            answer: async (res) =>
              Response.json({ branch: { id: ((await res.json()) as { branch: { id: string } }).branch.id } }),
          }
        : undefined,
    );
    const { queryClient } = renderBranchApp({ server, path: '/branches/MAD-01', fetch: rec.impl });
    await openEditor('Madrid');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Calle del Pez 1, Madrid');
    await reviewAndSave(user);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();

    const putIndex = rec.calls.findIndex((c) => c.method === 'PUT');
    expect(rec.calls.slice(putIndex + 1).filter((c) => c.url === branchUrl)).toEqual([
      expect.objectContaining({ method: 'GET' }),
    ]);
    const saved = (await getBranch(server, 'MAD-01'))!;
    expect(queryClient.getQueryData(queryKeys.branch('MAD-01'))).toMatchObject({
      formatted_address: 'Calle del Pez 1, Madrid',
      updated_at: saved.updated_at,
    });
    await waitFor(() => expect(screen.getByText('No unsaved changes')).toBeInTheDocument());
    expect(screen.getByText(/^Last saved/)).toHaveTextContent(formatDateTime(saved.updated_at));
  });

  it('saves contacts: hours and days, copy to all, add, reorder and remove, sending the whole array', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch();
    renderBranchApp({ server, path: '/branches/DXB-01', fetch: rec.impl });
    await openEditor('Dubai');
    const before = (await getBranch(server, 'DXB-01'))!;
    expect(before.contacts).toHaveLength(2);

    // Contact 1: new hours and days, then copy its hours to the other contact.
    const first = contactCard(1);
    await setTime(user, within(first).getByLabelText('From'), '07:30');
    await setTime(user, within(first).getByLabelText('To'), '19:15');
    const days = within(first).getByRole('group', { name: 'Work days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      const b = within(days).getByRole('button', { name: day });
      if (b.getAttribute('aria-pressed') === 'true') await user.click(b);
    }
    await user.click(within(days).getByRole('button', { name: 'Sunday' }));
    await user.click(within(days).getByRole('button', { name: 'Thursday' }));
    await user.click(within(first).getByRole('button', { name: 'Copy hours of contact 1 to all contacts' }));
    expect(within(contactCard(2)).getByLabelText('From')).toHaveValue('07:30');
    expect(within(contactCard(2)).getByLabelText('To')).toHaveValue('19:15');

    // Add a third contact, move it to the top, then remove the (now third) old second contact.
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const third = contactCard(3);
    await user.type(within(third).getByLabelText('Name'), 'Nadia Haddad');
    await user.type(within(third).getByLabelText('Phone'), '+971 4 555 0101');
    await user.click(
      within(within(third).getByRole('group', { name: 'Work days' })).getByRole('button', { name: 'Friday' }),
    );
    const up = within(third).getByRole('button', { name: 'Move contact 3 up' });
    await user.click(up);
    // Focus stays on the moved contact's "up" button, now named for its new place.
    expect(screen.getByRole('button', { name: 'Move contact 2 up' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Move contact 2 up' }));
    // At the top "up" is disabled: focus goes to its "down" button.
    expect(screen.getByRole('button', { name: 'Move contact 1 down' })).toHaveFocus();
    expect(within(contactCard(1)).getByLabelText('Name')).toHaveValue('Nadia Haddad');
    await user.click(screen.getByRole('button', { name: 'Remove contact 3' }));

    await reviewAndSave(user, [
      'Contact 2 (' + before.contacts[0]!.name + ')',
      'Contact 1 (Nadia Haddad)',
      'Contact 2 (' + before.contacts[1]!.name + ')',
    ]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();

    const body = rec.puts()[0]!.body as { branch: Record<string, unknown> };
    expect(Object.keys(body.branch)).toEqual(['contacts']);
    const expected = [
      {
        name: 'Nadia Haddad',
        phone: '+971 4 555 0101',
        work_timings: { from: '09:00 AM', to: '05:00 PM' },
        work_days: ['friday'],
      },
      {
        ...before.contacts[0],
        work_timings: { from: '07:30 AM', to: '07:15 PM' },
        work_days: ['thursday', 'sunday'],
      },
    ];
    expect(body.branch.contacts).toEqual(expected);
    expect((await getBranch(server, 'DXB-01'))!.contacts).toEqual(expected);
  });

  it('lists hours that end before they start in the review, whose Save is the one confirmation; at the next save they are already there', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch();
    renderBranchApp({ server, path: '/branches/MAD-01', fetch: rec.impl });
    await openEditor('Madrid');
    const first = contactCard(1);
    const name = (within(first).getByLabelText('Name') as HTMLInputElement).value;
    await setTime(user, within(first).getByLabelText('From'), '22:00');
    await setTime(user, within(first).getByLabelText('To'), '06:00');
    // Next to the field, a warning (not a grey note) that saving will ask.
    expect(
      within(first).getByText(/Ends before it starts \(the next day\?\): you will be asked to confirm\./),
    ).toBeInTheDocument();

    await user.click(saveButton());
    let review = await screen.findByRole('dialog', { name: 'Review changes' });
    const line = `Contact 1 (${name}): Hours 10:00 PM to 06:00 AM end before they start: they end the next day. Check AM and PM.`;
    const items = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items(within(review).getByRole('list', { name: '1 warning' }))).toEqual([line]);
    // The review's Save names the warning and is the one confirmation.
    await user.click(within(review).getByRole('button', { name: 'Save with 1 warning' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rec.puts()).toHaveLength(1);
    const body = rec.puts()[0]!.body as { branch: { contacts: { work_timings: unknown }[] } };
    expect(body.branch.contacts[0]!.work_timings).toEqual({ from: '10:00 PM', to: '06:00 AM' });

    // The next save (another field): the hours are already there, listed apart, and asked about no more.
    await user.type(screen.getByLabelText('Name', { selector: 'input[name="name"]' }), ' Sol');
    await user.click(saveButton());
    review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(within(review).queryByRole('list', { name: /^\d+ warnings?$/ })).toBeNull();
    expect(items(within(review).getByRole('list', { name: 'Already there (1)' }))).toEqual([line]);
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(rec.puts()).toHaveLength(2);
  });

  it('saves zones: rename, remove and import of a GeoJSON file, normalised', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch();
    renderBranchApp({ server, path: '/branches/BOM-01', fetch: rec.impl });
    await openEditor('Mumbai');
    const before = (await getBranch(server, 'BOM-01'))!;
    const [keep, drop] = before.delivery_zones!.features;
    // The zone list beside the map (jsdom has no WebGL: the map itself says it cannot be shown).
    const list = await zoneList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const zoneName = within(list).getByLabelText('Name of zone 1');
    await user.clear(zoneName);
    await user.type(zoneName, 'Bandra Reclamation');
    await user.click(within(list).getByRole('button', { name: `Delete ${String(drop!.properties.name)}` }));

    // A clockwise square with 8 decimals, as a drawing tool might export it.
    const file = new File(
      [
        JSON.stringify({
          type: 'Feature',
          id: 'bom-01-khar',
          properties: { name: 'Khar' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [72.83, 19.07],
                [72.83, 19.08123456],
                [72.84, 19.08123456],
                [72.84, 19.07],
                [72.83, 19.07],
              ],
            ],
          },
        }),
      ],
      'khar.geojson',
      { type: 'application/geo+json' },
    );
    await user.upload(screen.getByLabelText('Zones file to import'), file);
    await user.click(await screen.findByRole('button', { name: 'Add 1 zone' }));
    expect(await screen.findByText('Imported 1 zone from khar.geojson.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();

    await reviewAndSave(user, ['Zone Khar', `Zone ${String(drop!.properties.name)}`, `Zone ${keep!.id}`]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();

    const body = rec.puts()[0]!.body as { branch: Record<string, unknown> };
    expect(Object.keys(body.branch)).toEqual(['delivery_zones']);
    const saved = (await getBranch(server, 'BOM-01'))!;
    expect(saved.delivery_zones!.features.map((f) => [f.id, f.properties.name])).toEqual([
      [keep!.id, 'Bandra Reclamation'],
      ['bom-01-khar', 'Khar'],
    ]);
    // Normalised: 6 decimals, counter-clockwise exterior, same first corner.
    expect(saved.delivery_zones!.features[1]!.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [72.83, 19.07],
          [72.84, 19.07],
          [72.84, 19.081235],
          [72.83, 19.081235],
          [72.83, 19.07],
        ],
      ],
    });
  });

  it('renames a branch: a taken id is refused next to the id (409), a free one moves the URL and Back still works', async () => {
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches/MAN-01' });
    await openEditor('Manchester');
    const jobsBefore = server.db
      .prepare("SELECT COUNT(*) AS n FROM pickups WHERE branch_id = 'MAN-01'")
      .get() as { n: number };

    const rename = async (to: string) => {
      await user.click(screen.getByRole('button', { name: 'Change id…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the branch id?' });
      const input = within(dialog).getByLabelText('New id');
      await user.clear(input);
      await user.type(input, to);
      await user.click(within(dialog).getByRole('button', { name: 'Change id' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await rename('LDN-01');
    const review = await (async () => {
      await user.click(saveButton());
      return screen.findByRole('dialog', { name: 'Review changes' });
    })();
    expect(within(review).getByText(/This save changes the branch id from/)).toBeInTheDocument();
    expect(
      within(review).getByText(
        /Links, bookmarks and job filters that use "MAN-01" will no longer find this branch/,
      ),
    ).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Rename and save 1 change' }));

    const id = screen.getByLabelText('Id');
    await waitFor(() => expect(id).toHaveAttribute('aria-invalid', 'true'));
    expect(id).toHaveAccessibleDescription(/This id is already taken by another branch/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Not saved: the id is taken/);
    expect(history.location.pathname).toBe('/branches/MAN-01');
    expect((await getBranch(server, 'MAN-01'))!.name).toMatch(/Manchester/);

    await rename('MAN-02');
    await reviewAndSave(user, ['Id']);
    await waitFor(() => expect(history.location.pathname).toBe('/branches/MAN-02'));
    // The new id is isolated (<bdi>) inside the sentence.
    const renamed = await screen.findByText(
      (_, element) =>
        element?.textContent === 'Branch renamed to MAN-02 and saved' &&
        element.querySelector('bdi')?.textContent === 'MAN-02',
    );
    expect(renamed).toBeInTheDocument();
    await openEditor('Manchester');
    expect(screen.getByLabelText('Id')).toHaveValue('MAN-02');
    expect(await getBranch(server, 'MAN-01')).toBeNull();
    expect((await getBranch(server, 'MAN-02'))!.name).toMatch(/Manchester/);
    // Jobs followed the rename.
    expect(server.db.prepare("SELECT COUNT(*) AS n FROM pickups WHERE branch_id = 'MAN-02'").get()).toEqual(
      jobsBefore,
    );

    // Back goes to the old URL, which says where the branch went.
    history.back();
    await waitFor(() => expect(history.location.pathname).toBe('/branches/MAN-01'));
    expect(await screen.findByText('Branch MAN-01 was renamed')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open MAN-02' }));
    await waitFor(() => expect(history.location.pathname).toBe('/branches/MAN-02'));
  });

  it('refuses a rename to an id that differs from another branch’s only in case, next to the id', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/BER-01' });
    await openEditor('Berlin');
    await user.click(screen.getByRole('button', { name: 'Change id…' }));
    const rename = await screen.findByRole('dialog', { name: 'Change the branch id?' });
    const input = within(rename).getByLabelText('New id');
    await user.clear(input);
    await user.type(input, 'ams-01');
    await user.click(within(rename).getByRole('button', { name: 'Change id' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await reviewAndSave(user, ['Id']);

    const id = screen.getByLabelText('Id');
    await waitFor(() => expect(id).toHaveAttribute('aria-invalid', 'true'));
    expect(id).toHaveAccessibleDescription(
      'Was BER-01: saving renames the branch. Taken by branch AMS-01: ids that differ only in case are the same id',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not saved: the id is taken. A branch with id "AMS-01" already exists: ids that differ only in case ' +
        'are the same id. One problem is shown next to the fields.',
    );
    // Ids are looked up regardless of case: ams-01 is Amsterdam's own AMS-01, unchanged.
    expect((await getBranch(server, 'ams-01'))!.id).toBe('AMS-01');
    expect((await getBranch(server, 'BER-01'))!.name).toMatch(/Berlin/);
  });

  it('maps a 400’s details onto the matching fields and lists the others in a banner', async () => {
    const user = userEvent.setup();
    // A service stricter than the dashboard: the body is rewritten in flight so the real
    // server refuses it with its real error details.
    const rec = recordingFetch((call) => {
      if (call.method !== 'PUT') return;
      const body = call.body as { branch: { contacts: { phone: string }[] } };
      body.branch.contacts[1]!.phone = 'ext. 12';
      return { body: { branch: { ...body.branch, name: '', colour: 'blue' } } };
    });
    renderBranchApp({ server, path: '/branches/PAR-01', fetch: rec.impl });
    await openEditor('Paris');
    await user.type(within(contactCard(1)).getByLabelText('Phone'), '9');
    await reviewAndSave(user);

    const phone2 = within(contactCard(2)).getByLabelText('Phone');
    await waitFor(() => expect(phone2).toHaveAttribute('aria-invalid', 'true'));
    expect(phone2).toHaveAccessibleDescription(
      'Use digits, spaces, dashes or brackets, optionally starting with +',
    );
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Not saved: the service refused the changes.');
    expect(banner).toHaveTextContent('2 problems are shown next to the fields');
    expect(banner).toHaveTextContent(/branch: .*colour/);
    // Nothing was saved, and the edit is still in the form.
    expect((await getBranch(server, 'PAR-01'))!.contacts[0]!.phone).not.toMatch(/9$/);
    expect((within(contactCard(1)).getByLabelText('Phone') as HTMLInputElement).value).toMatch(/9$/);
  });

  it('shows a zone the service refuses on that zone’s row', async () => {
    const user = userEvent.setup();
    // The service finds a crossing the dashboard did not (the zone is bent in flight).
    const rec = recordingFetch((call) => {
      if (call.method !== 'PUT') return;
      const body = call.body as {
        branch: { delivery_zones: { features: { geometry: { coordinates: number[][][] } }[] } };
      };
      body.branch.delivery_zones.features[1]!.geometry.coordinates = [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ];
      return { body: call.body };
    });
    renderBranchApp({ server, path: '/branches/PAR-01', fetch: rec.impl });
    await openEditor('Paris');
    const zone2 = within(await zoneList()).getByLabelText('Name of zone 2');
    await user.type(zone2, ' (east)');
    // Its zones overlap each other twice (the seed's): the review lists them as already there.
    await reviewAndSave(user, [/: Zones ".*" and ".*" overlap/]);
    await waitFor(() => expect(zone2).toHaveAttribute('aria-invalid', 'true'));
    expect(zone2).toHaveAccessibleDescription(/cross/i);
    expect(screen.getByRole('alert')).toHaveTextContent('A delivery zone is not a valid polygon');
    // Editing the zones clears the service's verdict (it was about the old shapes).
    await user.type(zone2, '!');
    expect(zone2).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the edits after a network failure and offers Retry', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch((call, n) => (call.method === 'PUT' && n === 1 ? { fail: true } : undefined));
    renderBranchApp({ server, path: '/branches/AMS-01', fetch: rec.impl });
    await openEditor('Amsterdam');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Prinsengracht 263, Amsterdam');
    await reviewAndSave(user);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      /Not saved\. Could not reach the service at 127\.0\.0\.1:\d+.*Your edits are kept/,
    );
    expect(address).toHaveValue('Prinsengracht 263, Amsterdam');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(draftOf(server, 'AMS-01')).toContain('Prinsengracht 263');

    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(rec.puts()).toHaveLength(2);
    expect((await getBranch(server, 'AMS-01'))!.formatted_address).toBe('Prinsengracht 263, Amsterdam');
    expect(draftOf(server, 'AMS-01')).toBeNull();
  });
});

describe('conflicting saves', () => {
  it('shows what changed on the server and can overwrite, keeping the server’s other fields', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch();
    renderBranchApp({ server, path: '/branches/LDN-01', fetch: rec.impl });
    await openEditor('London Shoreditch');
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.type(name, 'London Old Street');

    await putBranch(server, 'LDN-01', { formatted_address: '99 City Road, London' }); // another manager

    await reviewAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'This branch changed on the server' });
    expect(within(dialog).getByText('Address')).toBeInTheDocument();
    expect(within(dialog).getByText('99 City Road, London')).toBeInTheDocument();
    expect(within(dialog).queryByText('you changed this too')).not.toBeInTheDocument();
    expect((await getBranch(server, 'LDN-01'))!.name).toBe('London Shoreditch');
    // The service refused the PUT on the version loaded (412), and the branch was read again.
    expect(rec.puts()).toHaveLength(1);
    expect(rec.puts()[0]!.headers['If-Match']).toBeDefined();
    expect(rec.calls.at(-1)).toMatchObject({ method: 'GET', url: `${server.url}/v1/branches/LDN-01` });

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with my changes' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    // Overwriting is the manager's choice: no condition.
    expect(rec.puts()).toHaveLength(2);
    expect(rec.puts()[1]!.headers['If-Match']).toBeUndefined();
    const saved = (await getBranch(server, 'LDN-01'))!;
    expect(saved.name).toBe('London Old Street');
    expect(saved.formatted_address).toBe('99 City Road, London');
    // The form now shows the server's address too.
    expect(screen.getByLabelText('Formatted address')).toHaveValue('99 City Road, London');
  });

  it('can reload the server’s version and re-apply the edits, flagging fields changed on both sides', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/BER-01' });
    await openEditor('Berlin');
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.type(name, 'Berlin Kreuzberg');

    await putBranch(server, 'BER-01', { name: 'Berlin Friedrichshain', active: false });

    await reviewAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'This branch changed on the server' });
    expect(within(dialog).getByText('you changed this too')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload, keep my edits' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Reloaded the server’s version\./)).toBeInTheDocument();
    expect(name).toHaveValue('Berlin Kreuzberg');
    expect(screen.getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await reviewAndSave(user, ['Berlin Friedrichshain', 'Berlin Kreuzberg']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(await getBranch(server, 'BER-01')).toMatchObject({ name: 'Berlin Kreuzberg', active: false });
  });

  it('shows both versions when another save lands as ours is sent (412 to ours), and saves nothing of ours', async () => {
    const user = userEvent.setup();
    // Another manager's save reaches the service just before ours.
    const rec = recordingFetch();
    const impl: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT')
        await putBranch(server, 'AMS-01', { formatted_address: 'Damrak 1, Amsterdam' });
      return rec.impl(input, init);
    };
    renderBranchApp({ server, path: '/branches/AMS-01', fetch: impl });
    await openEditor('Amsterdam');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Keizersgracht 2, Amsterdam');
    await reviewAndSave(user);

    const dialog = await screen.findByRole('dialog', { name: 'This branch changed on the server' });
    // Theirs, flagged as changed by this manager too; ours is still in the form.
    expect(within(dialog).getByText('Damrak 1, Amsterdam')).toBeInTheDocument();
    expect(within(dialog).getByText('you changed this too')).toBeInTheDocument();
    expect(address).toHaveValue('Keizersgracht 2, Amsterdam');
    expect((await getBranch(server, 'AMS-01'))!.formatted_address).toBe('Damrak 1, Amsterdam');
    expect(rec.puts()).toHaveLength(1);
  });

  it('against a service that names no versions, compares updated_at just before the PUT', async () => {
    const user = userEvent.setup();
    const rec = recordingFetch(() => ({ answer: async (response) => withoutEtag(response) }));
    renderBranchApp({ server, path: '/branches/MAD-01', fetch: rec.impl });
    await openEditor('Madrid');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Gran Vía 1, Madrid');

    await putBranch(server, 'MAD-01', { name: 'Madrid Centro' }); // another manager
    await reviewAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'This branch changed on the server' });
    expect(within(dialog).getByText('Madrid Centro')).toBeInTheDocument();
    expect(rec.puts()).toEqual([]); // stopped by the check

    await user.click(within(dialog).getByRole('button', { name: 'Reload, keep my edits' }));
    await reviewAndSave(user, ['Gran Vía 1, Madrid']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    // Read again just before it, sent without a condition.
    const branchUrl = `${server.url}/v1/branches/MAD-01`;
    const putIndex = rec.calls.findIndex((c) => c.method === 'PUT');
    expect(rec.calls[putIndex - 1]).toMatchObject({ method: 'GET', url: branchUrl });
    expect(rec.puts()[0]!.headers['If-Match']).toBeUndefined();
    expect(await getBranch(server, 'MAD-01')).toMatchObject({
      name: 'Madrid Centro',
      formatted_address: 'Gran Vía 1, Madrid',
    });
  });

  it('closes the check’s gap with If-Match when the branch read just before the PUT has an ETag', async () => {
    const user = userEvent.setup();
    const branchUrl = `${server.url}/v1/branches/PAR-01`;
    // The editor's first read of the branch comes without an ETag (as from a cache that drops it).
    const rec = recordingFetch((call, n) =>
      call.method === 'GET' && call.url === branchUrl && n === 1
        ? { answer: async (response) => withoutEtag(response) }
        : undefined,
    );
    const impl: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT') await putBranch(server, 'PAR-01', { name: 'Paris Bastille' }); // lands in the gap
      return rec.impl(input, init);
    };
    renderBranchApp({ server, path: '/branches/PAR-01', fetch: impl });
    await openEditor('Paris');
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.type(address, 'Rue de Rivoli 1, Paris');
    await reviewAndSave(user);

    const dialog = await screen.findByRole('dialog', { name: 'This branch changed on the server' });
    expect(within(dialog).getByText('Paris Bastille')).toBeInTheDocument();
    expect(rec.puts()[0]!.headers['If-Match']).toBeDefined();
    expect((await getBranch(server, 'PAR-01'))!.formatted_address).not.toBe('Rue de Rivoli 1, Paris');
  });
});
