import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';

type Where = { pathname: string };

/**
 * Asks before leaving a form with unsaved changes: in-app links, Back/Forward (router
 * blocker) and closing or reloading the tab (beforeunload). `hasChanges` is asked at the
 * moment of leaving, so it is never stale.
 *
 * Going to sign-in is never blocked: that is the app reacting to a refused token, and the
 * draft kept by the editor brings the edits back after signing in (`onLeaveForSignIn` runs
 * first so it can be written now).
 */
export function useUnsavedChangesGuard(hasChanges: () => boolean, onLeaveForSignIn?: () => void) {
  const latest = useRef({ hasChanges, onLeaveForSignIn });
  useEffect(() => {
    latest.current = { hasChanges, onLeaveForSignIn };
  });
  const bypass = useRef(false);

  const shouldBlockFn = useCallback(({ current, next }: { current: Where; next: Where }) => {
    if (bypass.current) return false;
    if (next.pathname === '/sign-in') {
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

  return { blocker, allowNavigation };
}
