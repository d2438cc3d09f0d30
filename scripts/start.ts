/**
 * `npm start`: the seeded reference server and the dashboard (Vite dev server, proxying
 * /v1 to the reference server), then one block saying where to go and which token to use.
 * The server's operation runs forward while it runs (SIMULATE=1 unless set otherwise).
 * `npm run idp` (scripts/idp.ts) is the same with sign-in through a development provider.
 */
import { printBlock, runUntilStopped, startDevStack } from './dev-stack';

runUntilStopped('npm start', async () => {
  const stack = await startDevStack();
  printBlock(
    [
      ['Dispatch dashboard', stack.url],
      ['Reference service', stack.api.url],
      ['Sign-in token', stack.api.token ?? 'none (API_TOKENS is empty: sign in through OIDC_ISSUER)'],
    ],
    ['Ctrl+C stops both.'],
  );
  return stack;
});
