import { ErrorResponse, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { readOidcAuth } from '../config/auth';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '../lib/error-message';
import { i18n } from '../i18n';
import { tokenStore, type Session } from './auth';
import { safeRedirect } from './redirect';

/*
 * Sign-in through the organisation's identity provider (docs/design.md, decision 8):
 * Authorization Code with PKCE through oidc-client-ts. This module and the library load only
 * when config.json's `auth.type` is `oidc` (src/app/start.tsx).
 *
 * - Tokens: the provider's answer (with the refresh token) is kept by oidc-client-ts in
 *   sessionStorage, and the access token in the same place as a pasted token (src/app/auth.ts),
 *   so everything that sends requests reads it the same way. Nothing goes to localStorage or
 *   the URL: the redirect back carries only the one-time code.
 * - Renewal: with the refresh token, before the access token expires and once after a 401;
 *   never through a hidden iframe (blocked third-party cookies break it).
 * - Several tabs: a tab opened from another starts with a copy of its sessionStorage, so both
 *   hold the same refresh token, and a provider that rotates refresh tokens refuses (and
 *   revokes) one that is used twice. Renewals are serialised across the tabs with a Web Lock,
 *   and a tab that renewed hands the new tokens to the tabs that held its old refresh token
 *   (BroadcastChannel). The lock can be granted to the next tab before that message reaches
 *   it, so a tab about to use a refresh token first asks the other tabs whether one of them
 *   has replaced it, and waits for an answer up to HANDOFF_WAIT_MS: a renewal costs that much
 *   longer when no tab answers, and a refresh token is never used twice by tabs that are open.
 */

const CALLBACK = 'auth/callback';
const LOCK = 'dispatch-sign-in-renewal';
/** How long a tab about to renew waits for another tab to hand it tokens that replace its own. */
const HANDOFF_WAIT_MS = 500;

/** Between tabs: "has my refresh token been replaced?", and the tokens that replaced one. */
type TabMessage = { ask: string } | { previous: string; user: string };

/** Seconds before expiry a renewal starts, `left` seconds before it: a minute, or a quarter of a short token's life. */
function renewalLead(left: number): number {
  return Math.max(1, Math.min(60, left / 4));
}

/** Reads config.json's `auth` (a ConfigError when it is incomplete) and the stored sign-in, if any. */
export async function startOidcSession(config: unknown): Promise<Session> {
  const auth = readOidcAuth(config);
  const provider = new URL(auth.authority).host;
  const base = `${window.location.origin}${import.meta.env.BASE_URL}`;
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  const manager = new UserManager({
    authority: auth.authority,
    client_id: auth.clientId,
    redirect_uri: `${base}${CALLBACK}`,
    post_logout_redirect_uri: `${base}sign-in`,
    scope: auth.scope,
    // Auth0 and others name the API the token is for; providers that do not know it ignore it.
    extraQueryParams: auth.audience ? { audience: auth.audience } : {},
    userStore: store,
    stateStore: store,
    automaticSilentRenew: false,
    monitorSession: false,
  });
  let problem: string | null = null;
  let person: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOCK) : null;
  /** Refresh tokens this tab knows to be replaced (used by it, or handed to it by another tab). */
  const replaced = new Set<string>();
  /** Renewals waiting for another tab's answer, by the refresh token they would use. */
  const waiting = new Map<string, () => void>();

  /** Whether another tab hands over tokens replacing `refresh` (asked, then waited for briefly). */
  const handedOver = (refresh: string): Promise<boolean> =>
    new Promise((resolve) => {
      if (!channel) return resolve(false);
      const timeout = setTimeout(() => {
        waiting.delete(refresh);
        resolve(false);
      }, HANDOFF_WAIT_MS);
      waiting.set(refresh, () => {
        clearTimeout(timeout);
        waiting.delete(refresh);
        resolve(true);
      });
      channel.postMessage({ ask: refresh } satisfies TabMessage);
    });

  /** Uses `user`'s access token from now on, and plans its renewal. */
  const adopt = (user: User) => {
    tokenStore.set(user.access_token);
    const { name, preferred_username, email, sub } = user.profile;
    person = name ?? preferred_username ?? email ?? sub;
    clearTimeout(timer);
    const left = user.expires_in;
    if (left === undefined || !user.refresh_token) return;
    timer = setTimeout(() => void renew(user.access_token), Math.max(0, left - renewalLead(left)) * 1000);
  };

  const renewLocked = async (refused: string | null): Promise<boolean> => {
    const current = await manager.getUser();
    if (!current) return false;
    // Another tab renewed meanwhile and handed this tab its tokens.
    if (current.access_token !== refused && !current.expired) {
      adopt(current);
      return true;
    }
    if (!current.refresh_token) return false;
    if (await handedOver(current.refresh_token)) return true;
    let next: User | null;
    try {
      next = await manager.signinSilent();
    } catch (error) {
      // The provider refused the refresh token (expired, revoked): it is of no more use, and a
      // reload goes to sign-in rather than trying it again. A network failure keeps it.
      if (error instanceof ErrorResponse) await manager.removeUser();
      return false;
    }
    if (!next) return false;
    replaced.add(current.refresh_token);
    channel?.postMessage({
      previous: current.refresh_token,
      user: next.toStorageString(),
    } satisfies TabMessage);
    adopt(next);
    return true;
  };

  /** One renewal, in turn with this origin's other tabs; true when a new access token is in place. */
  const renew = (refused: string | null): Promise<boolean> =>
    navigator.locks ? navigator.locks.request(LOCK, () => renewLocked(refused)) : renewLocked(refused);

  if (channel) {
    channel.onmessage = async ({ data }: MessageEvent<TabMessage>) => {
      const current = await manager.getUser();
      if ('ask' in data) {
        // Another tab is about to use a refresh token this tab knows to be replaced.
        if (current && replaced.has(data.ask)) {
          channel.postMessage({ previous: data.ask, user: current.toStorageString() } satisfies TabMessage);
        }
        return;
      }
      if (current?.refresh_token !== data.previous) return;
      const next = User.fromStorageString(data.user);
      await manager.storeUser(next);
      replaced.add(data.previous);
      adopt(next);
      waiting.get(data.previous)?.();
    };
  }

  const here = window.location;
  if (here.pathname === `${import.meta.env.BASE_URL}${CALLBACK}`) {
    // Back from the provider: exchange the code, then go where the user was going.
    let target: string | undefined;
    try {
      const user = await manager.signinRedirectCallback();
      target = typeof user.state === 'string' ? user.state : undefined;
      adopt(user);
    } catch (error) {
      // The provider's own words are shown as it sent them, inside the translated sentence.
      if (error instanceof ErrorResponse) {
        const answer = error.error_description ?? error.error ?? '';
        problem = i18n._(
          msg`The sign-in did not complete: the provider answered “${answer}”. Sign in again.`,
        );
      } else if (error instanceof TypeError) {
        const reason = errorMessage(error);
        problem = i18n._(
          msg`The sign-in did not complete: the sign-in service at ${provider} could not be reached (${reason}). Sign in again.`,
        );
      } else {
        problem = i18n._(
          msg`The sign-in did not complete: this tab did not start it, or it was started too long ago. Sign in again.`,
        );
      }
      target = `${import.meta.env.BASE_URL}sign-in`;
    }
    window.history.replaceState(null, '', problem ? target : safeRedirect(target));
  } else {
    const user = await manager.getUser();
    if (user && (user.refresh_token || !user.expired)) adopt(user);
  }

  return {
    renew,
    get problem() {
      return problem;
    },
    get person() {
      return person;
    },
    provider,
    async signIn(target: string) {
      problem = null;
      await manager.signinRedirect({ state: safeRedirect(target) });
    },
    async signOut() {
      clearTimeout(timer);
      tokenStore.clear();
      // Ends the provider's session too (id_token_hint from the stored user), then back to sign-in.
      await manager.signoutRedirect();
    },
  };
}
