/**
 * `npm start`: the seeded reference server and the dashboard (Vite dev server, proxying
 * /v1 to the reference server), then one block saying where to go and which token to use,
 * printed last: the request log goes to data/server.log (LOG_FILE), Vite says only warnings.
 * The server's operation runs forward while it runs (SIMULATE=1 unless set otherwise).
 * `npm run idp` (scripts/idp.ts) is the same with sign-in through a development provider.
 */
import { printBlock, requestLogFile, runUntilStopped, startDevStack } from './dev-stack';

runUntilStopped('npm start', async () => {
  const stack = await startDevStack();
  const logFile = requestLogFile(process.env);
  printBlock(
    [
      ['Reference service', stack.api.url],
      ['Dispatch dashboard', stack.url],
      ['Sign-in token', stack.api.token ?? 'none (API_TOKENS is empty: sign in through OIDC_ISSUER)'],
    ],
    [
      logFile ? `Request log: ${logFile} (LOG_FILE= to keep it here).` : 'Request log: below.',
      'Ctrl+C stops both.',
    ],
  );
  return stack;
});
