import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { startTestServer } from '../support/server';
import {
  contactCard,
  openEditor,
  renderBranchApp,
  reviewAndSave,
  saveButton,
  setTime,
  type TestServer,
} from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 30 });
});
afterAll(async () => {
  await server.close();
});

/** The error text announced for a control (the Field links it through aria-describedby). */
function errorOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function expectError(control: HTMLElement, message: string) {
  await waitFor(() => expect(control).toHaveAttribute('aria-invalid', 'true'));
  expect(errorOf(control)).toBe(message);
  // announced: the message lives in a polite live region next to the control
  const region = document.getElementById(
    (control.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'))!,
  );
  expect(region).toHaveAttribute('aria-live', 'polite');
}

describe('branch editor validation', () => {
  it('shows each field’s own error next to it, announced, and disables Save with the reason', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/LDN-01' });
    await openEditor('London Shoreditch');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('No changes to save')).toBeInTheDocument();

    // Name
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.tab();
    await expectError(name, 'Name is required');
    expect(saveButton()).toBeDisabled();
    expect(
      screen.getByText(/Save is disabled: 1 problem to fix\. Name: Name is required/),
    ).toBeInTheDocument();
    expect(saveButton()).toHaveAccessibleDescription(/Save is disabled: 1 problem to fix/);

    // Latitude / longitude
    const lat = screen.getByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, 'north');
    await user.tab();
    await expectError(lat, 'Latitude must be decimal degrees, for example 51.5072');
    await user.clear(lat);
    await user.type(lat, '95.5');
    await expectError(lat, 'Latitude must be between -90 and 90');
    const lon = screen.getByLabelText('Longitude');
    await user.clear(lon);
    await user.type(lon, '-0,08');
    await user.tab();
    // A decimal comma is read as a point.
    await waitFor(() => expect(lon).not.toHaveAttribute('aria-invalid'));
    await user.clear(lon);
    await user.tab();
    await expectError(lon, 'Longitude is required');

    // Address
    const address = screen.getByLabelText('Formatted address');
    await user.clear(address);
    await user.click(address);
    await user.paste('x'.repeat(501));
    await user.tab();
    await expectError(address, 'Address is at most 500 characters');

    // Contacts: name, phone, times
    const first = contactCard(1);
    const contactName = within(first).getByLabelText('Name');
    await user.clear(contactName);
    await user.tab();
    await expectError(contactName, 'Name is required');
    const phone = within(first).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call the desk');
    await user.tab();
    await expectError(phone, 'Use digits, spaces, dashes or brackets, optionally starting with +');
    const from = within(first).getByLabelText('From');
    await user.clear(from);
    await user.tab();
    await expectError(from, 'Start time is required');
    const to = within(first).getByLabelText('To');
    await user.clear(to);
    await user.tab();
    await expectError(to, 'End time is required');

    expect(
      screen.getByText(/Save is disabled: 8 problems to fix\. Name: Name is required/),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // Fixing everything enables Save again.
    await user.type(name, 'London Shoreditch Hub');
    await user.clear(lat);
    await user.type(lat, '51.52');
    await user.type(lon, '-0.08');
    await user.clear(address);
    await user.type(address, '1 Test Street');
    await user.type(contactName, 'Sam Carter');
    await user.clear(phone);
    await user.type(phone, '+44 20 7000 0000');
    await setTime(user, from, '08:30');
    await setTime(user, to, '17:00');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(within(first).getByText('Sent as 08:30 AM')).toBeInTheDocument();
    expect(within(first).getByText('Sent as 05:00 PM')).toBeInTheDocument();
  });

  it('does not block saving on fields the manager did not change', async () => {
    // A legacy phone and time the contract would refuse: untouched, contacts are not sent, so
    // they do not block saving the name.
    server.db
      .prepare(
        "UPDATE branch_contacts SET phone = 'ask reception', work_from = 'noon' WHERE branch_id = 'BER-01' AND position = 0",
      )
      .run();
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/BER-01' });
    await openEditor('Berlin Mitte');
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.type(name, ' Ost');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    // Touching the contact makes its problems count.
    const phone = within(contactCard(1)).getByLabelText('Phone');
    expect(phone).toHaveValue('ask reception');
    await user.type(phone, '!');
    await user.tab();
    await expectError(phone, 'Use digits, spaces, dashes or brackets, optionally starting with +');
    expect(saveButton()).toBeDisabled();
    // The whole contacts array is sent now, so the legacy time counts too: "Show" reveals it.
    const bar = screen.getByRole('region', { name: 'Save changes' });
    expect(bar).toHaveTextContent('Save is disabled: 2 problems to fix. Contact 1 phone: Use digits');
    await user.click(within(bar).getByRole('button', { name: 'Show' }));
    await expectError(within(contactCard(1)).getByLabelText('From'), 'Start time "noon" is not a valid time');
  });

  it('validates a new id in the rename dialog, which explains what a new id changes', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/PAR-01' });
    await openEditor('Paris');
    await user.click(screen.getByRole('button', { name: 'Change id…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the branch id?' });
    expect(dialog).toHaveAccessibleDescription(/links, bookmarks and job filters .* stop\s+finding it/i);
    const input = within(dialog).getByLabelText('New id');
    await user.clear(input);
    await user.type(input, 'PAR 02');
    await user.click(within(dialog).getByRole('button', { name: 'Change id' }));
    await expectError(
      input,
      'Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
    );
    await user.clear(input);
    await user.type(input, 'PAR-02');
    await user.click(within(dialog).getByRole('button', { name: 'Change id' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const id = screen.getByLabelText('Id');
    expect(id).toHaveValue('PAR-02');
    expect(id).toHaveAccessibleDescription(/Was PAR-01: saving renames the branch/);
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo id change (back to PAR-01)' }));
    expect(id).toHaveValue('PAR-01');
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('keeps the day toggles as a labelled group of pressed buttons and focuses a new contact', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/MAD-01' });
    await openEditor('Madrid');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const card = contactCard(4);
    const name = within(card).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    const group = within(card).getByRole('group', { name: 'Work days' });
    const monday = within(group).getByRole('button', { name: 'Monday' });
    expect(monday).toHaveAttribute('aria-pressed', 'false');
    await user.click(monday);
    expect(monday).toHaveAttribute('aria-pressed', 'true');
    // An empty new contact is a problem to fix before saving.
    expect(saveButton()).toBeDisabled();
    expect(
      screen.getByText(/Save is disabled: 2 problems to fix\. Contact 4 name: Name is required/),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove contact 4' }));
    // Focus moves to the contact now in that place (the previous one, here).
    await waitFor(() => expect(within(contactCard(3)).getByRole('heading', { level: 3 })).toHaveFocus());
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('keeps work days that are not weekday names, says so, and never drops them on save unseen', async () => {
    // A service that holds a day name the contract does not accept (written before, or by another client).
    server.db
      .prepare(
        `UPDATE branch_contacts SET work_days = '["monday","Lundi"]' WHERE branch_id = 'DXB-01' AND position = 0`,
      )
      .run();
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/DXB-01' });
    await openEditor('Dubai');
    const days = () => within(contactCard(1)).getByRole('group', { name: 'Work days' });
    expect(days()).toHaveAccessibleDescription(/Also on the service: “Lundi”, not an English weekday name/);

    // Saving another field leaves the contacts, and "Lundi", as the service holds them.
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.type(name, ' Marina');
    await reviewAndSave(user, ['Name']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(server, 'DXB-01'))!.contacts[0]!.work_days).toEqual(['monday', 'Lundi']);

    // A change to the contacts cannot be sent with "Lundi" (the contract takes weekday names only),
    // and "Lundi" is not left out unseen: Save waits for the manager to remove it.
    await user.type(within(contactCard(1)).getByLabelText('Phone'), '9');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Save changes' })).toHaveTextContent(
        'Save is disabled: 1 problem to fix. Contact 1 work days: Remove “Lundi” to save: work days must be English weekday names',
      ),
    );
    expect(saveButton()).toBeDisabled();
    await user.click(within(contactCard(1)).getByRole('button', { name: 'Remove “Lundi”' }));
    expect(days()).not.toHaveAccessibleDescription(/Lundi/);
    await reviewAndSave(user, [/^Days: Mon, Lundi → Mon$/]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    // The first save's notice may still be up (6 s): wait for the service to hold this save.
    await waitFor(async () =>
      expect((await getBranch(server, 'DXB-01'))!.contacts[0]!.work_days).toEqual(['monday']),
    );
    expect((await getBranch(server, 'DXB-01'))!.contacts[0]!.phone).toMatch(/9$/);
  });
});
