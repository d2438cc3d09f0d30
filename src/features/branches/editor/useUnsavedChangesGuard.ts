import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';

type Where = { pathname: string; search?: unknown };

/** Sign-in after a refused token (the app's 401 handling says `expired`), not a sign-out. */
function isExpiry(next: Where): boolean {
  const expired =
    typeof next.search === 'object' && next.search !== null
      ? (next.search as { expired?: unknown }).expired
      : undefined;
  return expired === true || expired === 'true';
}

/**
 * Asks before leaving a form with unsaved changes: in-app links, Back/Forward (router
 * blocker), closing or reloading the tab (beforeunload), and signing out, which removes the
 * drafts. `hasChanges` is asked at the moment of leaving, so it is never stale.
 *
 * Going to sign-in after a refused token is never blocked: the draft kept by the editor brings
 * the edits back after signing in again (`onLeaveForSignIn` runs first so it can be written now).
 */
export function useUnsavedChangesGuard(hasChanges: () => boolean, onLeaveForSignIn?: () => void) {
  const latest = useRef({ hasChanges, onLeaveForSignIn });
  useEffect(() => {
    latest.current = { hasChanges, onLeaveForSignIn };
  });
  const bypass = useRef(false);

  const shouldBlockFn = useCallback(({ current, next }: { current: Where; next: Where }) => {
    if (bypass.current) return false;
    if (next.pathname === '/sign-in' && isExpiry(next)) {
      latest.current.onLeaveForSignIn?.();
      return false;
    }
    if (current.pathname === next.pathname) return false;
    return latest.current.hasChanges();
  }, []);
  const enableBeforeUnload = useCallback(() => !bypass.current && latest.current.hasChanges(), []);

  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });

  /** Lets the next navigation through without asking (after a save moved the branch). */
  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  /** The blocked move is a sign-out (which also removes the drafts). */
  const signingOut = blocker.status === 'blocked' && blocker.next?.pathname === '/sign-in';
  return { blocker, allowNavigation, signingOut };
}
