import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { createApiClient, errorMessage, fetchJobs, isApiError, useApi } from '../api';
import { Banner, Button, Field, inputClass } from '../ui';
import { tokenStore, type Session } from './auth';
import { safeRedirect } from './redirect';
import { useConfig } from '../config';
import type { SignInSearch } from '../contract/search-params';
import s from './shell.module.css';

/** The route's search params (checked by the route: `validateSignInSearch`). */
export function SignInPage({ redirect, expired }: SignInSearch) {
  const { session } = useRouter().options.context;
  return session ? (
    <ProviderSignIn session={session} redirect={redirect} expired={expired} />
  ) : (
    <TokenSignIn redirect={redirect} expired={expired} />
  );
}

const EXPIRED = 'Your session ended or the token was refused. Sign in again to continue where you were.';

/** Sign-in through the organisation's identity provider: one button to its sign-in page. */
function ProviderSignIn({
  session,
  redirect,
  expired,
}: {
  session: Session;
  redirect?: string;
  expired?: boolean;
}) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState(session.problem);
  async function go() {
    setLeaving(true);
    setError(null);
    try {
      await session.signIn(redirect ?? '/overview');
    } catch (err) {
      setError(`Could not reach the sign-in service at ${session.provider}: ${errorMessage(err)}`);
      setLeaving(false);
    }
  }
  return (
    <main className={s.centerPage}>
      <div className={s.card} role="region" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Dispatch</h1>
        {expired && !error && <Banner tone="warning">{EXPIRED}</Banner>}
        {error && <Banner tone="danger">{error}</Banner>}
        <p className={s.cardLead}>
          Sign in with your organisation’s account at <strong>{session.provider}</strong>. Unsaved edits stay
          in this browser while you do.
        </p>
        <div className={s.row}>
          <Button variant="primary" onClick={() => void go()} disabled={leaving} autoFocus>
            {leaving ? 'Opening the sign-in page…' : 'Continue to sign-in'}
          </Button>
        </div>
      </div>
    </main>
  );
}

/** Sign-in with a pasted access token, checked against the service before it is kept. */
function TokenSignIn({ redirect, expired }: { redirect?: string; expired?: boolean }) {
  const api = useApi();
  const config = useConfig();
  const router = useRouter();
  const [token, setToken] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const candidate = token.trim();
    if (!candidate) {
      setError('Enter the access token you were given.');
      return;
    }
    setChecking(true);
    setError(null);
    const probe = createApiClient({
      baseUrl: api.baseUrl,
      getToken: () => candidate,
      timeoutMs: config.requestTimeoutSeconds * 1000,
    });
    try {
      await fetchJobs(probe, { page: 1 });
      tokenStore.set(candidate);
      router.history.push(safeRedirect(redirect));
    } catch (err) {
      if (isApiError(err) && err.kind === 'unauthorized') {
        setError('The service refused this token. Check it and try again.');
      } else {
        setError(`Could not check the token: ${errorMessage(err)}`);
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <main className={s.centerPage}>
      <form className={s.card} onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Dispatch</h1>
        {expired && <Banner tone="warning">{EXPIRED}</Banner>}
        <p className={s.cardLead}>Paste the access token for the delivery service.</p>
        <div className={s.serviceBox}>
          Service: <code>{api.baseUrl || window.location.origin}</code>
        </div>
        <Field
          label="Access token"
          error={error ?? undefined}
          hint="Kept in this tab only, cleared when you sign out or close it."
        >
          <input
            className={inputClass}
            type={show ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </Field>
        <div className={s.row}>
          <Button type="submit" variant="primary" disabled={checking}>
            {checking ? 'Checking…' : 'Sign in'}
          </Button>
          <Button variant="ghost" onClick={() => setShow((v) => !v)} aria-pressed={show}>
            {show ? 'Hide token' : 'Show token'}
          </Button>
        </div>
      </form>
    </main>
  );
}
