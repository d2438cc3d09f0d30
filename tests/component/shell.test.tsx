import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/app/auth';
import { startTestServer } from '../support/server';
import { renderApp } from './render';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ jobs: 30 });
});
afterAll(async () => {
  await server.close();
});

describe('sign-in and the auth gate', () => {
  it('asks a signed-out user to sign in, then returns to the exact URL asked for', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({ apiBaseUrl: server.url, token: null, path: '/jobs?status=3&page=2' });
    const field = await screen.findByLabelText('Access token');
    expect(screen.getByText(server.url)).toBeInTheDocument(); // the service being signed in to

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the access token you were given.')).toBeInTheDocument();

    await user.type(field, 'wrong-token');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('The service refused this token. Check it and try again.'),
    ).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();

    await user.clear(field);
    await user.type(field, server.token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/jobs'));
    expect(new URLSearchParams(history.location.search).get('status')).toBe('3');
    expect(new URLSearchParams(history.location.search).get('page')).toBe('2');
    expect(sessionStorage.getItem('dispatch.token')).toBe(server.token);
  });

  it('says clearly when the service cannot be reached', async () => {
    const user = userEvent.setup();
    renderApp({ apiBaseUrl: 'http://127.0.0.1:9', token: null, path: '/sign-in' });
    await user.type(await screen.findByLabelText('Access token'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/Could not check the token: Could not reach the service at 127\.0\.0\.1:9/),
    ).toBeInTheDocument();
  });

  it('returns to sign-in on a 401 anywhere, keeping the URL to come back to', async () => {
    const { history } = renderApp({ apiBaseUrl: server.url, token: 'revoked-token', path: '/branches' });
    await waitFor(() => expect(history.location.pathname).toBe('/sign-in'));
    const params = new URLSearchParams(history.location.search);
    expect(params.get('redirect')).toBe('/branches');
    expect(await screen.findByText(/Your session ended or the token was refused/)).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('never follows a redirect to another site after sign-in', async () => {
    const user = userEvent.setup();
    const { history, router } = renderApp({
      apiBaseUrl: server.url,
      token: null,
      path: '/sign-in?redirect=//evil.example/x',
    });
    await user.type(await screen.findByLabelText('Access token'), server.token);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/overview'));
    // The control room's route loaded: no navigation is left to finish after the test.
    await waitFor(() => expect(router.state.status).toBe('idle'));
  });
});
