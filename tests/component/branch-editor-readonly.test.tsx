/**
 * The branch editor read-only: the app holds a JWT-shaped access token whose claims say it may
 * not save the branch (src/api/access.ts), while its requests carry the test server's own token
 * (`renderBranchApp`'s `accessToken`). In jsdom the zone map cannot be drawn (no WebGL): its
 * toolbar and zone list are what is checked here; the map itself read-only is
 * map-zone-editor-readonly.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  contactCard,
  draftOf,
  jwtWith,
  openEditor,
  renderBranchApp,
  zoneList,
  zoneMapSuite,
} from './branch-support';

const suite = zoneMapSuite();

const readOnlyForm = () => screen.findByRole('form', { name: 'Branch BER-01 (read-only)' });
const nameInput = () => screen.getByLabelText('Name', { selector: 'input[name="name"]' });

/** Every control of the form's fields: inputs, the address, the Active box, the time pickers and day toggles. */
function fieldControls(form: HTMLElement): HTMLElement[] {
  const inputs = Array.from(form.querySelectorAll<HTMLElement>('input[name], textarea[name]')).filter(
    (el) => el.getAttribute('type') !== 'file',
  );
  const days = within(form)
    .getAllByRole('group', { name: 'Work days' })
    .flatMap((group) => within(group).getAllByRole('button'));
  return [...inputs, ...days];
}

describe('the branch editor for a sign-in that may not save the branch', () => {
  it('opens read-only without the branches:write permission: the reason, every field disabled, no Save, rename, contact tools or zone tools, and typing changes nothing', async () => {
    const user = userEvent.setup();
    renderBranchApp({
      server: suite(),
      path: '/branches/BER-01',
      accessToken: jwtWith({ scope: 'openid', sub: 'sam' }),
    });
    await screen.findByRole('heading', { level: 1, name: /Berlin Mitte/ });
    const form = await readOnlyForm();
    expect(screen.queryByRole('form', { name: /^Edit branch/ })).not.toBeInTheDocument();

    // The reason, as a status at the top (not an alert: nothing went wrong).
    const banner = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Read-only.'))!;
    expect(banner).toHaveTextContent(
      'Read-only. You can look at this branch but not change it: your sign-in does not include the branches:write permission. An administrator can grant it.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Every field disabled, the contacts' time pickers and day toggles (Controllers) too.
    const controls = fieldControls(form);
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) expect(control).toBeDisabled();
    expect(within(contactCard(1)).getByLabelText('From')).toBeDisabled();
    expect(within(contactCard(1)).getByLabelText('To')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeDisabled();

    // Nothing to save, rename, add, move, remove or copy.
    expect(screen.queryByRole('region', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change id…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();
    expect(within(contactCard(1)).queryAllByRole('button', { name: /contact 1|to all contacts/ })).toEqual(
      [],
    );

    // The zone map: the zones listed (names as text), no drawing tools; Export stays.
    const list = await zoneList();
    expect(within(list).getByRole('heading', { name: '3 zones' })).toBeInTheDocument();
    expect(within(list).queryAllByRole('textbox')).toEqual([]);
    expect(within(list).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const tools = screen.getByRole('group', { name: 'Zone tools' });
    expect(
      within(tools)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Zoom to zones', 'Export…']);
    for (const name of ['Draw zone', 'Cut hole', 'Delete zone', 'Undo', 'Redo', 'Import…', 'Set location'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Zones file to import')).not.toBeInTheDocument();
    expect(screen.getByText('Viewing (read-only)')).toBeInTheDocument();
    expect(
      await screen.findByText(/The zones are listed beside it\./, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // A zone can still be selected from the list.
    const first = within(list).getByRole('button', { name: /^Zone 1: select/ });
    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');

    // Typing changes nothing, and no draft is written.
    await user.type(nameInput(), 'x');
    await user.type(screen.getByLabelText('Formatted address'), 'y');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(
      within(within(contactCard(1)).getByRole('group', { name: 'Work days' })).getByRole('button', {
        name: 'Sunday',
      }),
    );
    await user.keyboard('{Control>}z{/Control}');
    expect(nameInput()).toHaveValue('Berlin Mitte');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(list).getByRole('heading', { name: '3 zones' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500)); // past the draft's debounce
    expect(draftOf(suite(), 'BER-01')).toBeNull();
  });

  it('says which branches a manager’s sign-in may change, offers no draft kept from before and leaves it stored, and lets the page go without asking', async () => {
    const user = userEvent.setup();
    // Edits kept from a sign-in that could save.
    const before = renderBranchApp({ server: suite(), path: '/branches/BER-01' });
    await openEditor('Berlin Mitte');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Berlin Mitte Nord');
    await waitFor(() => expect(draftOf(suite(), 'BER-01')).toContain('Berlin Mitte Nord'));
    before.unmount();
    const kept = draftOf(suite(), 'BER-01');

    const { history } = renderBranchApp({
      server: suite(),
      path: '/branches/BER-01',
      accessToken: jwtWith({ scope: 'openid branches:write', branch_ids: ['OTHER-1'] }),
    });
    await readOnlyForm();
    expect(
      screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Read-only.')),
    ).toHaveTextContent(
      'You can look at this branch but not change it: your sign-in may change OTHER-1 only. BER-01 is saved by its own manager or an administrator.',
    );
    // The branch as the service holds it; the draft neither offered nor applied nor removed.
    expect(nameInput()).toHaveValue('Berlin Mitte');
    expect(screen.queryByRole('button', { name: 'Restore changes' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Unsaved changes from/)).not.toBeInTheDocument();
    await zoneList();
    expect(draftOf(suite(), 'BER-01')).toBe(kept);

    // No leave guard.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Branches' }),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/branches'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(draftOf(suite(), 'BER-01')).toBe(kept);
    localStorage.clear();
  });

  it('opens the manager’s own branch for editing (its id among branch_ids, in any case)', async () => {
    const user = userEvent.setup();
    renderBranchApp({
      server: suite(),
      path: '/branches/BER-01',
      accessToken: jwtWith({ scp: ['branches:write'], branch_ids: ['ber-01', 'OTHER-1'] }),
    });
    await openEditor('Berlin Mitte');
    expect(screen.queryByText(/^Read-only\./)).not.toBeInTheDocument();
    await user.type(nameInput(), ' Ost');
    expect(nameInput()).toHaveValue('Berlin Mitte Ost');
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change id…' })).toBeInTheDocument();
    await zoneList();
    expect(screen.getByRole('button', { name: 'Draw zone' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name of zone 1' })).toBeEnabled();
  });
});
