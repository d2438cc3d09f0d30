/**
 * A save the service refuses with 403: the sign-in is a pasted API token (not a JWT, so the
 * dashboard cannot tell beforehand and the editor opens editable) whose limits on the
 * reference server (API_TOKENS syntax, server/config.ts) do not cover the branch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiTokens } from '../../server/config';
import { getBranch } from '../support/branches';
import { startTestServer, TEST_TOKEN } from '../support/server';
import { draftOf, openEditor, renderBranchApp, reviewAndSave, type TestServer } from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    jobs: 30,
    tokens: [TEST_TOKEN, ...parseApiTokens('london-token branches=LDN-01, floor-token read-only')],
  });
});
afterAll(async () => {
  await server.close();
});

const nameInput = () => screen.getByLabelText('Name', { selector: 'input[name="name"]' });

describe('a save the sign-in may not make (403)', () => {
  it('says who may save the branch, keeps the edits in the form and the draft, and offers no Retry', async () => {
    const user = userEvent.setup();
    const first = renderBranchApp({ server, path: '/branches/MAD-01', token: 'london-token' });
    await openEditor('Madrid');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Madrid Chamberí');
    await reviewAndSave(user, ['Name']);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'You may not save this branch. This sign-in may not change branch MAD-01. MAD-01 is saved by its own manager or an administrator. Your edits are kept as a draft in this browser.',
    );
    expect(within(banner).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Branch saved')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Review changes' })).not.toBeInTheDocument();
    // The edits stay: in the form, counted, and in the draft.
    expect(nameInput()).toHaveValue('Madrid Chamberí');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(draftOf(server, 'MAD-01')).toContain('Madrid Chamberí');
    expect((await getBranch(server, 'MAD-01'))!.name).toBe('Madrid Malasaña');

    // The page lost: the draft is offered back.
    first.unmount();
    renderBranchApp({ server, path: '/branches/MAD-01', token: 'london-token' });
    await openEditor('Madrid');
    const offer = screen.getByRole('alert');
    expect(offer).toHaveTextContent(/Unsaved changes from moments ago/);
    await user.click(within(offer).getByRole('button', { name: 'Restore changes' }));
    expect(nameInput()).toHaveValue('Madrid Chamberí');
    localStorage.clear();
  });

  it('puts a rename outside the sign-in’s branches on the id, with the service’s message', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/LDN-01', token: 'london-token' });
    await openEditor('London');
    await user.click(screen.getByRole('button', { name: 'Change id…' }));
    const rename = await screen.findByRole('dialog', { name: 'Change the branch id?' });
    await user.clear(within(rename).getByLabelText('New id'));
    await user.type(within(rename).getByLabelText('New id'), 'LDN-09');
    await user.click(within(rename).getByRole('button', { name: 'Change id' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await reviewAndSave(user, ['Id']);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'You may not rename this branch to LDN-09. This sign-in may not change branch LDN-09, so it cannot rename a branch to it. Nothing was changed. Your edits are kept as a draft in this browser.',
    );
    const id = screen.getByLabelText('Id');
    await waitFor(() => expect(id).toHaveAttribute('aria-invalid', 'true'));
    expect(id).toHaveValue('LDN-09');
    expect(screen.getByText('Outside the branches this sign-in may change')).toBeInTheDocument();
    expect(await getBranch(server, 'LDN-09')).toBeNull();
    localStorage.clear();
  });

  it('says a read-only sign-in may not change branches at all', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/AMS-01', token: 'floor-token' });
    await openEditor('Amsterdam');
    await user.type(screen.getByLabelText('Formatted address'), ' (rear entrance)');
    await reviewAndSave(user, ['Address']);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      /^You may not save this branch\. This sign-in may read branches but not change them: saving needs the branches:write permission\. .*Your edits are kept as a draft in this browser\./,
    );
    expect(within(banner).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Formatted address')).toHaveValue(
      `${(await getBranch(server, 'AMS-01'))!.formatted_address} (rear entrance)`,
    );
    await waitFor(() => expect(draftOf(server, 'AMS-01')).toContain('(rear entrance)'));
    localStorage.clear();
  });
});
