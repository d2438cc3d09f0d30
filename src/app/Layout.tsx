import { Link, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useApi } from '../api';
import { clearAllDrafts } from '../features/branches';
import { Button } from '../ui';
import { otherTabs, tokenStore } from './auth';
import { LocaleSwitcher } from './LocaleSwitcher';
import s from './shell.module.css';

export function Layout() {
  const api = useApi();
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { session } = router.options.context;
  // On the jobs screen the skip link goes past the header and the filters to the rows.
  const jobs = useRouterState({ select: (st) => st.location.pathname === '/jobs' });
  // An explicit sign-out leaves no draft of the manager's edits in this browser (a 401 keeps
  // them, so that the edits survive signing in again). The page is left first: an editor with
  // unsaved edits asks before it lets the sign-out go on, and the manager may stay.
  const signOut = async () => {
    await navigate({ to: '/sign-in', search: {} });
    if (router.state.location.pathname !== '/sign-in') return;
    tokenStore.clear();
    // The browser's other tabs were signed in by this one (src/app/tab-sign-in.ts): they go too.
    otherTabs.announce();
    queryClient.clear();
    clearAllDrafts();
    // Signed in through the identity provider: its session ends too (it sends the browser back here).
    await session?.signOut();
  };
  return (
    <div className={s.app}>
      <a
        href="#main"
        className={s.skip}
        onClick={(e) => {
          const target = jobs
            ? document.querySelector<HTMLElement>('#results tr[tabindex="0"], #results')
            : null;
          if (!target) return;
          e.preventDefault();
          target.focus();
        }}
      >
        {jobs ? t`Skip to results` : t`Skip to content`}
      </a>
      <header className={s.topbar}>
        <Link to="/overview" className={s.brand} aria-label={t`Dispatch — home`}>
          <span className={s.brandMark} aria-hidden="true" />
          <Trans>Dispatch</Trans>
        </Link>
        <nav className={s.nav} aria-label={t`Main`}>
          <Link to="/overview" className={s.navLink}>
            <Trans>Control room</Trans>
          </Link>
          <Link to="/jobs" search={{ page: 1 }} className={s.navLink}>
            <Trans>Jobs</Trans>
          </Link>
          <Link to="/branches" className={s.navLink}>
            <Trans>Branches</Trans>
          </Link>
        </nav>
        <span className={s.spacer} />
        <bdi className={s.service} title={t`Service base URL (from config.json)`}>
          {api.baseUrl || window.location.origin}
        </bdi>
        {session?.person && <bdi className={s.service}>{session.person}</bdi>}
        <LocaleSwitcher />
        <Button size="sm" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </Button>
      </header>
      <main id="main" className={s.main}>
        <Outlet />
      </main>
    </div>
  );
}
