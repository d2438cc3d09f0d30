import { Link, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api';
import { clearAllDrafts } from '../features/branches';
import { Button } from '../ui';
import { otherTabs, tokenStore } from './auth';
import s from './shell.module.css';

export function Layout() {
  const api = useApi();
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
        {jobs ? 'Skip to results' : 'Skip to content'}
      </a>
      <header className={s.topbar}>
        <Link to="/overview" className={s.brand} aria-label="Dispatch — home">
          <span className={s.brandMark} aria-hidden="true" />
          Dispatch
        </Link>
        <nav className={s.nav} aria-label="Main">
          <Link to="/overview" className={s.navLink}>
            Control room
          </Link>
          <Link to="/jobs" search={{ page: 1 }} className={s.navLink}>
            Jobs
          </Link>
          <Link to="/branches" className={s.navLink}>
            Branches
          </Link>
        </nav>
        <span className={s.spacer} />
        <span className={s.service} title="Service base URL (from config.json)">
          {api.baseUrl || window.location.origin}
        </span>
        {session?.person && <span className={s.service}>{session.person}</span>}
        <Button size="sm" onClick={() => void signOut()}>
          Sign out
        </Button>
      </header>
      <main id="main" className={s.main}>
        <Outlet />
      </main>
    </div>
  );
}
