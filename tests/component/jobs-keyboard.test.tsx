import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from './render';

/** The jobs screen's keys outside the table: `/`, `j`/`k`, Esc and ↓ lead to the search or the rows. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
});
afterAll(async () => {
  await server.close();
});

const open = (path: string) => renderApp({ apiBaseUrl: server.url, token: server.token, path });
const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);

/** The table's first row once the page is in (the row that takes the keyboard on a new page). */
async function firstRow() {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return within(table).getAllByRole('row')[1]!;
}

describe('jobs screen keys outside the table', () => {
  it('makes the status chips one Tab stop, the chosen one, with ←/→, Home and End along them', async () => {
    const user = userEvent.setup();
    open('/jobs');
    const chips = within(await screen.findByRole('toolbar', { name: 'Jobs by status' })).getAllByRole(
      'button',
    );
    expect(chips.filter((c) => c.tabIndex === 0)).toEqual([chips[0]]);
    chips[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(chips[1]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(chips.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(chips[0]).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: chips.at(-1)!.textContent!, pressed: true })).toHaveAttribute(
        'tabindex',
        '0',
      ),
    );
  });

  it('takes j, k, / and Esc on the Late only checkbox and on a status chip, as they are not text fields', async () => {
    const user = userEvent.setup();
    open('/jobs');
    const row = await firstRow();
    const lateOnly = screen.getByRole('checkbox', { name: 'Late only' });
    // The chips' code comes after the rows.
    const chip = within(await screen.findByRole('toolbar', { name: 'Jobs by status' })).getByRole('button', {
      name: /^Delivered/,
    });
    const searchBox = screen.getByRole('searchbox', { name: 'Search' });

    lateOnly.focus();
    await user.keyboard('j');
    expect(row).toHaveFocus();
    // In the table, j moves on.
    await user.keyboard('j');
    expect(row.nextElementSibling).toHaveFocus();

    lateOnly.focus();
    await user.keyboard('/');
    expect(searchBox).toHaveFocus();
    // The search is a text field: j types there.
    await user.keyboard('j');
    expect(searchBox).toHaveValue('j');
    await user.clear(searchBox);

    lateOnly.focus();
    await user.keyboard('{Escape}');
    expect(row.nextElementSibling).toHaveFocus();
    expect(lateOnly).not.toBeChecked();

    chip.focus();
    await user.keyboard('k');
    expect(row.nextElementSibling).toHaveFocus();
    chip.focus();
    await user.keyboard('/');
    expect(searchBox).toHaveFocus();
    chip.focus();
    await user.keyboard('{Escape}');
    expect(row.nextElementSibling).toHaveFocus();
  });

  it('leads from the filters to the table with Esc, and with ↓ from a button, a checkbox or the search', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs');
    const row = await firstRow();
    const searchBox = screen.getByRole('searchbox', { name: 'Search' });
    const from = screen.getByRole('button', { name: 'Created from: any' });
    const zoneSwitch = screen.getByRole('checkbox', { name: /^All times in my zone/ });
    const preset = screen.getByRole('button', { name: 'Today' });

    for (const control of [from, zoneSwitch, preset]) {
      for (const key of ['{ArrowDown}', '{Escape}']) {
        control.focus();
        await user.keyboard(key);
        expect(row, `${key} on ${control.textContent}`).toHaveFocus();
      }
    }
    // The search: ↓ and Esc leave it without applying the typed text.
    await user.type(searchBox, 'ORD');
    await user.keyboard('{ArrowDown}');
    expect(row).toHaveFocus();
    expect(search(history).get('q')).toBeNull();
    searchBox.focus();
    await user.keyboard('{Escape}');
    expect(row).toHaveFocus();

    // The status select and the branch combobox keep ↓ for their own lists; Esc still leads out.
    const status = screen.getByLabelText('Status');
    status.focus();
    await user.keyboard('{ArrowDown}');
    expect(status).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(row).toHaveFocus();
    const branch = await screen.findByRole('combobox', { name: 'Branch' });
    branch.focus();
    await user.keyboard('{ArrowDown}');
    expect(branch).toHaveFocus();
    await user.keyboard('{Escape}{Escape}');
    expect(row).toHaveFocus();
    // None of this changed a filter.
    expect([...search(history).keys()].filter((k) => k !== 'page')).toEqual([]);
  });

  it('sets the created-time range in the branch’s zone from the popover and the presets', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?branch_id=BOM-01');
    await firstRow();
    const zone = 'Asia/Kolkata';
    await screen.findByText(`${zone}`, { exact: false, selector: 'strong' });

    // 09:30 in Kolkata is 04:00 UTC.
    await user.click(screen.getByRole('button', { name: 'Created from: any' }));
    let panel = await screen.findByRole('dialog', { name: 'Created from' });
    fireEvent.change(within(panel).getByLabelText(`Created from (${zone})`), {
      target: { value: '2025-12-10T09:30' },
    });
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(search(history).get('timestamp_from')).toBe(String(Date.UTC(2025, 11, 10, 4, 0) / 1000)),
    );
    const fromButton = screen.getByRole('button', { name: 'Created from: 2025-12-10 09:30' });
    expect(fromButton).toHaveFocus();

    // An end before the start is refused in the popover, which stays open to say so.
    await user.click(screen.getByRole('button', { name: 'Created to: any' }));
    panel = await screen.findByRole('dialog', { name: 'Created to' });
    const toField = within(panel).getByLabelText(`Created to (${zone})`);
    fireEvent.change(toField, { target: { value: '2025-12-09T10:00' } });
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(toField).toHaveAccessibleDescription(/The end is before the start\./);
    expect(search(history).get('timestamp_to')).toBeNull();
    // Esc leaves the bound as it was, and the focus on its button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Created to: any' })).toHaveFocus();

    // "Today" is midnight to 23:59:59 of today in Kolkata.
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const offset = 5.5 * 3600;
    const midnight = Math.floor((Math.floor(Date.now() / 1000) + offset) / 86_400) * 86_400 - offset;
    await waitFor(() => expect(search(history).get('timestamp_from')).toBe(String(midnight)));
    expect(search(history).get('timestamp_to')).toBe(String(midnight + 86_399));
    const day = new Date((midnight + offset) * 1000).toISOString().slice(0, 10);
    expect(screen.getByRole('button', { name: `Created from: ${day} 00:00` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Created to: ${day} 23:59` })).toBeInTheDocument();

    // Clear in the popover takes a bound away.
    await user.click(screen.getByRole('button', { name: `Created to: ${day} 23:59` }));
    panel = await screen.findByRole('dialog', { name: 'Created to' });
    await user.click(within(panel).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(search(history).get('timestamp_to')).toBeNull());
    expect(search(history).get('timestamp_from')).toBe(String(midnight));
  });
});
