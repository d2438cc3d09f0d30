import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/app/auth';
import { readOtherDrafts, writeDraft, type BranchDraft } from '../../src/features/branches/drafts/draft';
import { tabId } from '../../src/features/branches/drafts/tab';
import { toFormValues } from '../../src/features/branches/form/form-model';
import { getBranch } from '../support/branches';
import { startTestServer } from '../support/server';
import {
  contactCard,
  draftOf,
  openEditor,
  putBranch,
  renderBranchApp,
  reviewAndSave,
  type TestServer,
} from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 30 });
});
afterAll(async () => {
  await server.close();
});

function nameInput() {
  return screen.getByLabelText('Name', { selector: 'input[name="name"]' });
}

describe('drafts', () => {
  it('keeps a draft as the manager types and offers it back, with its age, after the page is lost', async () => {
    const user = userEvent.setup();
    const first = renderBranchApp({ server, path: '/branches/MAD-01' });
    await openEditor('Madrid');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Madrid Chamberí');
    await user.click(
      within(within(contactCard(1)).getByRole('group', { name: 'Work days' })).getByRole('button', {
        name: 'Sunday',
      }),
    );
    await waitFor(() => expect(draftOf(server, 'MAD-01')).toContain('Madrid Chamberí'));
    expect(draftOf(server, 'MAD-01')).not.toContain(server.token);
    expect(screen.getByText(/Draft kept in this browser \(moments ago\)/)).toBeInTheDocument();
    first.unmount(); // the tab crashed or was reloaded

    renderBranchApp({ server, path: '/branches/MAD-01' });
    await openEditor('Madrid');
    const offer = screen.getByRole('alert');
    expect(offer).toHaveTextContent(/Unsaved changes from moments ago/);
    expect(offer).toHaveTextContent(/changes to name, contacts/);
    expect(nameInput()).toHaveValue('Madrid Malasaña'); // nothing applied until asked
    await user.click(within(offer).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Madrid Chamberí');
    expect(
      within(within(contactCard(1)).getByRole('group', { name: 'Work days' })).getByRole('button', {
        name: 'Sunday',
      }),
    ).toHaveAttribute(
      'aria-pressed',
      String(!(await getBranch(server, 'MAD-01'))!.contacts[0]!.work_days.includes('sunday')),
    );
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await reviewAndSave(user, ['Madrid Chamberí']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(server, 'MAD-01'))!.name).toBe('Madrid Chamberí');
    expect(draftOf(server, 'MAD-01')).toBeNull(); // a successful save clears it
  });

  it('discards a draft on request', async () => {
    const user = userEvent.setup();
    const first = renderBranchApp({ server, path: '/branches/PAR-01' });
    await openEditor('Paris');
    await user.type(screen.getByLabelText('Formatted address'), ' (rear entrance)');
    await waitFor(() => expect(draftOf(server, 'PAR-01')).toContain('rear entrance'));
    first.unmount();

    renderBranchApp({ server, path: '/branches/PAR-01' });
    await openEditor('Paris');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(draftOf(server, 'PAR-01')).toBeNull();
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('restores a draft onto a branch that changed since, keeping the server’s newer values elsewhere', async () => {
    const user = userEvent.setup();
    const first = renderBranchApp({ server, path: '/branches/AMS-01' });
    await openEditor('Amsterdam');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Amsterdam Oost');
    await waitFor(() => expect(draftOf(server, 'AMS-01')).toContain('Amsterdam Oost'));
    first.unmount();

    await putBranch(server, 'AMS-01', { formatted_address: 'Linnaeusstraat 2, Amsterdam' });

    renderBranchApp({ server, path: '/branches/AMS-01' });
    await openEditor('Amsterdam');
    const offer = screen.getByRole('alert');
    expect(offer).toHaveTextContent(/The branch has changed on the server since/);
    await user.click(within(offer).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Amsterdam Oost');
    expect(screen.getByLabelText('Formatted address')).toHaveValue('Linnaeusstraat 2, Amsterdam');
    expect(screen.getByText(/Restored onto the current version of the branch/)).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('brings the edits back in one click after a 401 sent the manager to sign in', async () => {
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches/DXB-01' });
    await openEditor('Dubai');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Dubai Marina');
    const monday = () =>
      within(within(contactCard(2)).getByRole('group', { name: 'Work days' })).getByRole('button', {
        name: 'Monday',
      });
    const mondayBefore = monday().getAttribute('aria-pressed');
    await user.click(monday());
    const mondayEdited = String(mondayBefore !== 'true');
    expect(monday()).toHaveAttribute('aria-pressed', mondayEdited);

    tokenStore.set('expired-token'); // the session ends while the manager edits
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save 2 changes',
      }),
    );

    await waitFor(() => expect(history.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/branches/DXB-01');
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument(); // not blocked
    expect(draftOf(server, 'DXB-01')).toContain('Dubai Marina');

    await user.type(await screen.findByLabelText('Access token'), server.token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/branches/DXB-01'));
    await openEditor('Dubai');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Dubai Marina');
    expect(monday()).toHaveAttribute('aria-pressed', mondayEdited);
    await reviewAndSave(user);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(server, 'DXB-01'))!.name).toBe('Dubai Marina');
  });
});

describe('drafts of two tabs', () => {
  /** Leaves in storage the draft another tab (now closed) kept of `id`, with `edit` applied to the branch. */
  async function otherTabDraft(id: string, edit: (v: BranchDraft['values']) => BranchDraft['values']) {
    const base = toFormValues((await getBranch(server, id))!);
    writeDraft('closed-tab', {
      service: server.url,
      branchId: id,
      savedAt: Math.floor(Date.now() / 1000) - 120,
      baseUpdatedAt: (await getBranch(server, id))!.updated_at,
      base,
      values: edit(base),
    });
  }
  const othersOf = (id: string) => readOtherDrafts(server.url, id, tabId());

  it('offers this tab’s draft and a closed tab’s apart, naming both; restoring one keeps the other', async () => {
    const user = userEvent.setup();
    const first = renderBranchApp({ server, path: '/branches/MAN-01' });
    await openEditor('Manchester');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Manchester Ancoats');
    await waitFor(() => expect(draftOf(server, 'MAN-01')).toContain('Manchester Ancoats'));
    first.unmount(); // this tab reloads
    await otherTabDraft('MAN-01', (v) => ({ ...v, formatted_address: '1 Piccadilly (other tab)' }));

    renderBranchApp({ server, path: '/branches/MAN-01' });
    await openEditor('Manchester');
    // Both offers, this tab's and the closed tab's (each read as the editor opens).
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const offers = screen.getAllByRole('alert');
    const [own, other] = offers as [HTMLElement, HTMLElement];
    expect(own).toHaveTextContent(/Unsaved changes from moments ago.*changes to name\./);
    expect(own).not.toHaveTextContent(/another tab/);
    expect(other).toHaveTextContent(
      /Unsaved changes from \d+ min\.? ago, made in another tab.*changes to address\./,
    );

    await user.click(within(other).getByRole('button', { name: 'Restore changes' }));
    expect(screen.getByLabelText('Formatted address')).toHaveValue('1 Piccadilly (other tab)');
    expect(nameInput()).not.toHaveValue('Manchester Ancoats'); // this tab's draft is still only offered
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // Moved into this tab's draft, beside the older draft still on offer: nothing is lost.
    await waitFor(() => expect(draftOf(server, 'MAN-01')).toContain('(other tab)'));
    expect(draftOf(server, 'MAN-01')).toContain('Manchester Ancoats');
    expect(othersOf('MAN-01')).toEqual([]);

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Manchester Ancoats');
    expect(screen.getByLabelText('Formatted address')).toHaveValue('1 Piccadilly (other tab)');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  });

  it('a save clears this tab’s draft only: another tab’s stays offered', async () => {
    const user = userEvent.setup();
    await otherTabDraft('LDN-01', (v) => ({ ...v, formatted_address: '1 Canada Square (other tab)' }));
    renderBranchApp({ server, path: '/branches/LDN-01' });
    await openEditor('London');
    const other = await screen.findByRole('alert');
    expect(other).toHaveTextContent(/made in another tab/);
    await user.clear(nameInput());
    await user.type(nameInput(), 'London Docklands');
    await waitFor(() => expect(draftOf(server, 'LDN-01')).toContain('London Docklands'));

    await reviewAndSave(user, ['London Docklands']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(draftOf(server, 'LDN-01')).toBeNull();
    expect(othersOf('LDN-01').map((o) => o.draft.values.formatted_address)).toEqual([
      '1 Canada Square (other tab)',
    ]);
    // Still offered, now onto the saved version: the server's new name stays where the draft did not edit.
    const offer = screen.getByRole('alert');
    expect(offer).toHaveTextContent(/The branch has changed on the server since/);
    await user.click(within(offer).getByRole('button', { name: 'Discard draft' }));
    expect(othersOf('LDN-01')).toEqual([]);
    expect(nameInput()).toHaveValue('London Docklands');
  });
});

describe('edits made while a draft is on offer', () => {
  const address = () => screen.getByLabelText<HTMLTextAreaElement>('Formatted address');
  const active = () => screen.getByRole('checkbox', { name: 'Active' });
  const stored = (id: string) => JSON.parse(draftOf(server, id) ?? 'null') as BranchDraft | null;

  /** Leaves a draft of `id` changing the address (and the name, when given), and reopens the editor on its offer. */
  async function offerOlderDraft(user: UserEvent, id: string, city: string, name?: string) {
    const first = renderBranchApp({ server, path: `/branches/${id}` });
    await openEditor(city);
    await user.type(address(), ' (older)');
    if (name) {
      await user.clear(nameInput());
      await user.type(nameInput(), name);
    }
    const older = { formatted_address: expect.stringMatching(/\(older\)$/), ...(name && { name }) };
    await waitFor(() => expect(stored(id)?.values).toMatchObject(older));
    first.unmount();
    const second = renderBranchApp({ server, path: `/branches/${id}` });
    await openEditor(city);
    expect(screen.getByRole('alert')).toHaveTextContent(
      name ? /changes to name, address/ : /changes to address/,
    );
    expect(address().value).not.toContain('(older)');
    return second;
  }

  it('are kept beside the older draft: a reload brings them back and offers the draft again; Restore puts it under them', async () => {
    const user = userEvent.setup();
    const first = await offerOlderDraft(user, 'MAN-01', 'Manchester', 'Manchester Older');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Manchester Newer');
    await user.click(active());
    await waitFor(() => expect(stored('MAN-01')?.values.name).toBe('Manchester Newer'));
    expect(stored('MAN-01')!.older!.values.formatted_address).toMatch(/\(older\)$/);
    expect(screen.getByText(/Draft kept in this browser/)).toBeInTheDocument();
    const wasActive = !(active() as HTMLInputElement).checked;
    first.unmount(); // reloaded while the offer shows

    renderBranchApp({ server, path: '/branches/MAN-01' });
    await openEditor('Manchester');
    const offer = screen.getByRole('alert');
    expect(offer).toHaveTextContent(/changes to name, address/);
    await waitFor(() => expect(nameInput()).toHaveValue('Manchester Newer'));
    expect(active()).toHaveProperty('checked', !wasActive);
    expect(address().value).not.toContain('(older)');

    await user.click(within(offer).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Manchester Newer');
    expect(address().value).toMatch(/\(older\)$/);
    expect(active()).toHaveProperty('checked', !wasActive);
    expect(screen.getByText('Restored under your newer edits.')).toBeInTheDocument();
    expect(screen.getByText(/^Name keeps the edits you made after the draft/)).toBeInTheDocument();
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(stored('MAN-01')?.values.formatted_address).toMatch(/\(older\)$/));
    expect(stored('MAN-01')).not.toHaveProperty('older');
  });

  it('stay when the older draft is discarded, and only that draft is deleted', async () => {
    const user = userEvent.setup();
    await offerOlderDraft(user, 'LDN-01', 'London');
    await user.type(nameInput(), ' Newer');
    await waitFor(() => expect(stored('LDN-01')?.values.name).toMatch(/ Newer$/));

    // Storage full while the offer shows: the action bar says the edits are not kept.
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.type(nameInput(), '!');
    expect(await screen.findByText(/The draft could not be kept/)).toBeInTheDocument();
    setItem.mockRestore();

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect((nameInput() as HTMLInputElement).value).toMatch(/ Newer!$/);
    expect(stored('LDN-01')!.values.name).toMatch(/ Newer!$/);
    expect(draftOf(server, 'LDN-01')).not.toContain('(older)');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('are saved without deleting the older draft, which is still offered next time', async () => {
    const user = userEvent.setup();
    const first = await offerOlderDraft(user, 'BOM-01', 'Mumbai');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Mumbai Newer');
    await reviewAndSave(user, ['Mumbai Newer']);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/changes to address/);
    expect(stored('BOM-01')).toMatchObject({
      values: { formatted_address: expect.stringMatching(/\(older\)$/) },
    });
    expect(stored('BOM-01')).not.toHaveProperty('older');
    first.unmount();

    renderBranchApp({ server, path: '/branches/BOM-01' });
    await openEditor('Mumbai Newer');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Mumbai Newer');
    expect(address().value).toMatch(/\(older\)$/);
  });
});

describe('signing out', () => {
  it('asks first with unsaved edits, then removes the drafts kept in this browser: signing in again offers nothing back', async () => {
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches/PAR-01' });
    await openEditor('Paris');
    const address = screen.getByLabelText('Formatted address');
    await user.type(address, ' (side door)');
    await waitFor(() => expect(draftOf(server, 'PAR-01')).toContain('side door'));

    // Unsaved edits: asked first; staying keeps everything.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/branches/PAR-01');
    expect((screen.getByLabelText('Formatted address') as HTMLTextAreaElement).value).toContain('side door');
    expect(draftOf(server, 'PAR-01')).toContain('side door');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument(); // still signed in

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(history.location.pathname).toBe('/sign-in'));
    await waitFor(() => expect(draftOf(server, 'PAR-01')).toBeNull());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('dispatch.branchDraft'))).toEqual([]);

    // Signing in again (the next person at this browser): nothing is offered back.
    await user.type(await screen.findByLabelText('Access token'), server.token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/overview'));
    history.push('/branches/PAR-01');
    await openEditor('Paris');
    expect((screen.getByLabelText('Formatted address') as HTMLTextAreaElement).value).not.toContain(
      'side door',
    );
    expect(screen.queryByText(/Unsaved changes from/)).not.toBeInTheDocument();
    expect(draftOf(server, 'PAR-01')).toBeNull();
  });
});

describe('the unsaved-changes guard', () => {
  it('asks before leaving with unsaved changes by a link, and can keep a draft or discard', async () => {
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches' });
    await user.click(await screen.findByRole('link', { name: 'Berlin Mitte' }));
    await openEditor('Berlin');

    // Without changes, leaving is free.
    await user.click(screen.getByRole('link', { name: 'Jobs' }));
    await waitFor(() => expect(history.location.pathname).toBe('/jobs'));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit branch/ })).not.toBeInTheDocument());
    history.back();
    await openEditor('Berlin');

    await user.type(nameInput(), ' Nord');
    await user.click(screen.getByRole('link', { name: 'Jobs' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/branches/BER-01');
    expect(nameInput()).toHaveValue('Berlin Mitte Nord');

    // Keeping a draft lets the manager leave and come back. (Back is checked in the browser
    // test: the memory history of these tests does not run blockers on Back.)
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Branches' }),
    );
    dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep draft and leave' }));
    await waitFor(() => expect(history.location.pathname).toBe('/branches'));
    expect(draftOf(server, 'BER-01')).toContain('Berlin Mitte Nord');
    expect(await screen.findByText('Draft')).toBeInTheDocument(); // the list marks it

    await user.click(screen.getByRole('link', { name: 'Berlin Mitte' }));
    await openEditor('Berlin');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Berlin Mitte Nord');

    // Discarding on the way out deletes the draft.
    await user.click(screen.getByRole('link', { name: 'Jobs' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(history.location.pathname).toBe('/jobs'));
    expect(draftOf(server, 'BER-01')).toBeNull();
    expect((await getBranch(server, 'BER-01'))!.name).toBe('Berlin Mitte');
  });

  it('asks before discarding from the action bar', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/LDN-01' });
    await openEditor('London');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });
});
