import type { RouterHistory } from '@tanstack/react-router';
import { createApiClient, retainRecentJobPages } from '../api';
import { otherTabs, tokenStore, type Session } from './auth';
import type { RuntimeConfig } from '../config';
import { createQueryClient } from './query-client';
import { createAppRouter, sendToSignIn } from './router';

/** Wires config, api client, query client and router together (used by main.tsx and the tests). */
export function createAppInstance(
  config: RuntimeConfig,
  options: { history?: RouterHistory; fetch?: typeof fetch; session?: Session | null } = {},
) {
  const session = options.session ?? null;
  const queryClient = createQueryClient();
  retainRecentJobPages(queryClient);
  let router: ReturnType<typeof createAppRouter> | null = null;
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: tokenStore.get,
    renew: session?.renew,
    timeoutMs: config.requestTimeoutSeconds * 1000,
    fetch: options.fetch,
    onUnauthorized: () => {
      if (router) sendToSignIn(router);
    },
  });
  router = createAppRouter({ queryClient, api, config, session }, { history: options.history });
  // Signed out in another tab of this browser: the token is gone here too; so is what it read.
  const signedIn = router;
  otherTabs.signedOut.add(() => {
    void signedIn.navigate({ to: '/sign-in', search: {} }).then(() => queryClient.clear());
  });
  return { config, api, queryClient, router };
}
