import * as z from 'zod/mini';

/*
 * zod, as every schema of the dashboard imports it: configured before any schema is built.
 * No `new Function` from zod (its JIT object parser, and the probe for it): the page's CSP
 * has no 'unsafe-eval', and Chromium reports even the caught probe as a violation. An ES
 * module runs before the modules importing it, so no schema exists before this line has run.
 */
// The reference server (Node, no CSP) imports the contract too, and keeps zod's JIT: its PUT
// bodies parse faster with it (`npm run bench -- --only put` measures them).
z.config({ jitless: typeof document !== 'undefined' });

export { z };
