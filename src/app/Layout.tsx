import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api';
import { clearAllDrafts } from '../features/branches';
import { Button } from '../ui';
import { tokenStore } from './auth';
import s from './shell.module.css';

export function Layout() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An explicit sign-out leaves no draft of the manager's edits in this browser (a 401 keeps
  // them, so that the edits survive signing in again). They are removed once the editor has
  // been left, since leaving for sign-in writes its pending draft.
  const signOut = async () => {
    tokenStore.clear();
    queryClient.clear();
    await navigate({ to: '/sign-in', search: {} });
    clearAllDrafts();
  };
  return (
    <div className={s.app}>
      <a href="#main" className={s.skip}>
        Skip to content
      </a>
      <header className={s.topbar}>
        <Link to="/jobs" search={{ page: 1 }} className={s.brand} aria-label="Dispatch — home">
          <span className={s.brandMark} aria-hidden="true" />
          Dispatch
        </Link>
        <nav className={s.nav} aria-label="Main">
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
