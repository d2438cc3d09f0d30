/**
 * `npm run serve`: production. The built dashboard (`dist/`, from `npm run build`) and the
 * reference service from one process: `NODE_ENV=production` (so `API_TOKENS` or `OIDC_ISSUER` is required),
 * `STATIC_DIR=dist` unless set. The rest of the configuration as for `npm run server`
 * (PORT, HOST, DATABASE_PATH, PAGE_SIZE...: docs/production.md).
 */
import { runServerProcess } from '../server/main';

void runServerProcess({
  ...process.env,
  NODE_ENV: 'production',
  STATIC_DIR: process.env.STATIC_DIR || 'dist',
});
