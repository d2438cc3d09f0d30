import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createApiClient, errorMessage, fetchJobs, isApiError, useApi } from '../api';
import { Banner, Button, Field, inputClass } from '../ui';
import { tokenStore, type Session } from './auth';
import { safeRedirect } from './redirect';
import { useConfig } from '../config';
import type { SignInSearch } from '../contract/search-params';
import { LocaleSwitcher } from './LocaleSwitcher';
import { useTabTitle } from './useTabTitle';
import s from './shell.module.css';

/** The route's search params (checked by the route: `validateSignInSearch`). */
export function SignInPage({ redirect, expired }: SignInSearch) {
  const { session } = useRouter().options.context;
  const { t } = useLingui();
  useTabTitle(t`Sign in`);
  return session ? (
    <ProviderSignIn session={session} redirect={redirect} expired={expired} />
  ) : (
    <TokenSignIn redirect={redirect} expired={expired} />
  );
}

const EXPIRED = msg`Your session ended or the token was refused. Sign in again to continue where you were.`;

/** The card's heading, with the language switcher beside it (the header is not on this page). */
function CardTitle() {
  return (
    <div className={s.cardTop}>
      <h1 id="sign-in-title">
        <Trans>Sign in to Dispatch</Trans>
      </h1>
      <LocaleSwitcher />
    </div>
  );
}

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
  const { t, i18n } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState(session.problem);
  const provider = session.provider;
  async function go() {
    setLeaving(true);
    setError(null);
    try {
      await session.signIn(redirect ?? '/overview');
    } catch (err) {
      const reason = errorMessage(err);
      setError(t`Could not reach the sign-in service at ${provider}: ${reason}`);
      setLeaving(false);
    }
  }
  return (
    <main className={s.centerPage}>
      <div className={s.card} role="region" aria-labelledby="sign-in-title">
        <CardTitle />
        {expired && !error && <Banner tone="warning">{i18n._(EXPIRED)}</Banner>}
        {error && <Banner tone="danger">{error}</Banner>}
        <p className={s.cardLead}>
          <Trans>
            Sign in with your organisation’s account at{' '}
            <strong>
              <bdi>{provider}</bdi>
            </strong>
            . Unsaved edits stay in this browser while you do.
          </Trans>
        </p>
        <div className={s.row}>
          <Button variant="primary" onClick={() => void go()} disabled={leaving} autoFocus>
            {leaving ? t`Opening the sign-in page…` : t`Continue to sign-in`}
          </Button>
        </div>
      </div>
    </main>
  );
}

/** Sign-in with a pasted access token, checked against the service before it is kept. */
function TokenSignIn({ redirect, expired }: { redirect?: string; expired?: boolean }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const config = useConfig();
  const service = api.baseUrl || window.location.origin;
  const router = useRouter();
  const [token, setToken] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const candidate = token.trim();
    if (!candidate) {
      setError(t`Enter the access token you were given.`);
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
        setError(t`The service refused this token. Check it and try again.`);
      } else {
        const reason = errorMessage(err);
        setError(t`Could not check the token: ${reason}`);
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <main className={s.centerPage}>
      <form className={s.card} onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <CardTitle />
        {expired && <Banner tone="warning">{i18n._(EXPIRED)}</Banner>}
        <p className={s.cardLead}>
          <Trans>Paste the access token for the delivery service.</Trans>
        </p>
        <div className={s.serviceBox}>
          <Trans>
            Service: <code dir="ltr">{service}</code>
          </Trans>
        </div>
        <Field
          label={t`Access token`}
          error={error ?? undefined}
          hint={t`Kept in this tab only, cleared when you sign out or close it.`}
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
            {checking ? t`Checking…` : t`Sign in`}
          </Button>
          <Button variant="ghost" onClick={() => setShow((v) => !v)} aria-pressed={show}>
            {show ? t`Hide token` : t`Show token`}
          </Button>
        </div>
      </form>
    </main>
  );
}
