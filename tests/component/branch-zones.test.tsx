/**
 * The zone map inside the branch editor, in jsdom: there is no WebGL, so the map says it
 * cannot be drawn, and everything around it (the one zone list, import, undo, the form's
 * validation, warnings from the pin and from other branches' zones) is tested here against the
 * in-process server. Drawing, dragging and the pin on a real map: tests/e2e/zones.e2e.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { square, type Ring } from '../support/geo';
import {
  zoneMapSuite,
  openEditor,
  renderBranchApp,
  reviewAndSave,
  saveButton,
  zoneList,
} from './branch-support';

const suite = zoneMapSuite();

function geojsonFile(name: string, features: { id?: string; name: string; ring: Ring }[]): File {
  const fc = {
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      ...(f.id ? { id: f.id } : {}),
      properties: { name: f.name },
      geometry: { type: 'Polygon', coordinates: [f.ring] },
    })),
  };
  return new File([JSON.stringify(fc)], name, { type: 'application/geo+json' });
}

async function importFile(user: UserEvent, file: File) {
  await user.upload(screen.getByLabelText('Zones file to import'), file);
  // The import's code loads (and, in a test run, is transformed) on its first use: a longer wait.
  await user.click(await screen.findByRole('button', { name: /^Add \d+ zones?$/ }, { timeout: 15_000 }));
  await screen.findByText(new RegExp(`^Imported \\d+ zones? from ${file.name.replace('.', '\\.')}\\.$`));
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('textbox', { name: /^Name of zone/ })
    .map((el) => (el as HTMLInputElement).value);

const saveReason = () => document.getElementById(saveButton().getAttribute('aria-describedby') ?? '')!;

describe('zone map in the branch editor', () => {
  it('shows one zone list, beside the map loaded on demand (no WebGL here: it says so), with the branch’s zones', async () => {
    renderBranchApp({ server: suite(), path: '/branches/BER-01' });
    const form = await openEditor('Berlin Mitte');
    const list = await zoneList();
    const stored = (await getBranch(suite(), 'BER-01'))!.delivery_zones!.features;
    expect(stored).toHaveLength(3);
    expect(names(list)).toEqual(stored.map((f) => f.properties.name));
    expect(within(list).getByRole('heading', { name: '3 zones' })).toBeInTheDocument();
    expect(within(list).getByText(/^Total [\d.,]+ km²$/)).toBeInTheDocument();
    // One list, not two: the old zone table is gone.
    expect(screen.queryByRole('table', { name: 'Delivery zones' })).not.toBeInTheDocument();
    expect(within(form).getAllByRole('textbox', { name: 'Name of zone 1' })).toHaveLength(1);
    // The map's place says why there is no map; its tools stay (those needing the map disabled).
    expect(
      await screen.findByText('The map could not be shown', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draw zone' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Set location' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import…' })).toBeEnabled();
    // No alert on opening: a missing map is not an error of the manager's.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The other branches' zones are shown for context; its own zones are not among them.
    expect(
      await screen.findByText('Dashed outlines: zones of 7 other branches, to see overlaps.'),
    ).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/of branch "BER-01"/);
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('makes a typed zone name one undo step through the form, and undo leaves nothing to save', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/AMS-01' });
    await openEditor('Amsterdam Centrum');
    const list = await zoneList();
    const name = within(list).getByRole('textbox', { name: 'Name of zone 2' });
    await user.clear(name);
    await user.type(name, 'Jordaan');
    expect(name).toHaveValue('Jordaan');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names(list)).toEqual(['Central', 'North']);
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(names(list)).toEqual(['Central', 'Jordaan']);
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('blocks Save with the reason while a zone is invalid (bow tie), and frees it when the zone is fixed or gone', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/PAR-01' });
    await openEditor('Paris Le Marais');
    const list = await zoneList();
    const before = names(list);
    expect(before).toHaveLength(3);
    // A bow tie near the branch: its edges cross at 2.345, 48.865.
    const bowTie: Ring = [
      [2.34, 48.86],
      [2.35, 48.87],
      [2.35, 48.86],
      [2.34, 48.87],
      [2.34, 48.86],
    ];
    await importFile(user, geojsonFile('bowtie.geojson', [{ name: 'Crossed', ring: bowTie }]));
    expect(names(list)).toEqual([...before, 'Crossed']);

    const zone4 = within(list).getByRole('textbox', { name: 'Name of zone 4' });
    expect(zone4).toHaveAttribute('aria-invalid', 'true');
    expect(zone4).toHaveAccessibleDescription(/edges cross near 48\.865000, 2\.345000/);
    expect(within(list).getByText('1 invalid')).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(saveReason()).toHaveTextContent(
      /^Save is disabled: 1 problem to fix\. Delivery zones: Zone 4: The zone's edges cross near 48\.865000, 2\.345000/,
    );
    expect(saveButton()).toHaveAccessibleDescription(/edges cross/);

    // Warnings never block: a far zone (but valid) is fine to save.
    await user.click(within(list).getByRole('button', { name: 'Delete Crossed' }));
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    await importFile(user, geojsonFile('far.geojson', [{ name: 'Far away', ring: square(3.5, 49.5, 0.01) }]));
    expect(within(list).getByRole('list', { name: 'Warnings of Far away' })).toHaveTextContent(
      /from the branch location/,
    );
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('warns about overlaps with other branches’ zones and about zones far from the pin, which follows the typed coordinates', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/LDN-01' });
    await openEditor('London Shoreditch');
    const list = await zoneList();
    // Over Amsterdam's "Central" zone, from London.
    await importFile(
      user,
      geojsonFile('amsterdam.geojson', [
        { id: 'ldn-ams', name: 'Borrowed', ring: square(4.88, 52.355, 0.01) },
      ]),
    );
    const warnings = () => within(list).queryByRole('list', { name: 'Warnings of Borrowed' });
    await waitFor(() =>
      expect(warnings()).toHaveTextContent(/Zone "Borrowed" overlaps zone "Central" of branch "AMS-01"/),
    );
    expect(warnings()).toHaveTextContent(/km from the branch location/);
    await waitFor(() => expect(saveButton()).toBeEnabled()); // warnings do not block

    // Typing the location moves the pin: the zone is no longer far.
    const lat = screen.getByLabelText('Latitude');
    const lon = screen.getByLabelText('Longitude');
    await user.clear(lat);
    await user.type(lat, '52.36');
    await user.clear(lon);
    await user.type(lon, '4.89');
    await waitFor(() => expect(warnings()).not.toHaveTextContent(/from the branch location/));
    expect(warnings()).toHaveTextContent(/Zone "Borrowed" overlaps zone "Central" of branch "AMS-01"/);
    // Back far away (with a decimal comma). A field that does not hold degrees keeps the last
    // valid pin, and the map says why; the field shows its own error.
    await user.clear(lon);
    await user.type(lon, '-0,07');
    await waitFor(() => expect(warnings()).toHaveTextContent(/from the branch location/));
    await user.clear(lat);
    await user.type(lat, 'north');
    await user.tab();
    expect(
      await screen.findByText(
        'Latitude must be decimal degrees, for example 51.5072: the pin stays at the last valid location.',
      ),
    ).toBeInTheDocument();
    expect(warnings()).toHaveTextContent(/from the branch location/);
    await user.clear(lat);
    await user.type(lat, '52,36');
    await waitFor(() => expect(screen.queryByText(/the pin stays at the last valid location/)).toBeNull());
  });

  it('warns, once, when the branch location lies outside all of its zones, and not once it is inside one', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/LDN-01' });
    await openEditor('London Shoreditch');
    const list = await zoneList();
    const general = () => within(list).queryByRole('list', { name: 'Warnings about the zones' });
    // The seeded location is inside "Central".
    await waitFor(() => expect(within(list).getAllByText(/overlap/).length).toBeGreaterThan(0));
    expect(general()).toBeNull();

    const lat = screen.getByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, '51.6');
    await waitFor(() =>
      expect(general()).toHaveTextContent(
        'The branch location is outside all of its 3 zones. Check the location, or draw a zone around it.',
      ),
    );
    expect(
      within(general()!).getByRole('button', { name: /^Show on the map: The branch location/ }),
    ).toBeInTheDocument();
    expect(within(list).getAllByText(/The branch location is outside/)).toHaveLength(1);

    await user.clear(lat);
    await user.type(lat, '51.5156');
    await waitFor(() => expect(general()).toBeNull());
  });

  it('lists a MultiPolygon zone from a lenient service as its parts, and saves them as separate zones', async () => {
    const user = userEvent.setup();
    const multi = {
      type: 'Feature',
      id: 'mad-01-split',
      properties: { name: 'Two parts' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[square(-3.72, 40.42, 0.01)], [square(-3.7, 40.42, 0.01)]],
      },
    };
    // The service sends the zone as one MultiPolygon feature (the reference server only keeps polygons).
    const lenient: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || !/\/v1\/branches\/MAD-01$/.test(String(input))) return res;
      const body = (await res.json()) as { branch: { delivery_zones: { features: unknown[] } } };
      body.branch.delivery_zones.features = [multi];
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    renderBranchApp({ server: suite(), path: '/branches/MAD-01', fetch: lenient });
    await openEditor('Madrid Malasaña');
    const list = await zoneList();
    expect(names(list)).toEqual(['Two parts', 'Two parts']);
    expect(within(list).queryByText('Invalid')).not.toBeInTheDocument();
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();

    const second = within(list).getByRole('textbox', { name: 'Name of zone 2' });
    await user.clear(second);
    await user.type(second, 'East part');
    await reviewAndSave(user);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    const saved = (await getBranch(suite(), 'MAD-01'))!;
    expect(saved.delivery_zones!.features.map((f) => [f.id, f.properties.name, f.geometry?.type])).toEqual([
      ['mad-01-split-1', 'Two parts', 'Polygon'],
      ['mad-01-split-2', 'East part', 'Polygon'],
    ]);
  });
});
