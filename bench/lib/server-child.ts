/**
 * Child process of the bench: the reference server(s) on one database file, away from the
 * harness's own work (Playwright's driver, autocannon). Started by servers.ts through
 * `fork`; sends `{ urls }` once listening and closes everything on the message `'close'`.
 */
import type { AddressInfo } from 'node:net';
import { buildServer, closeServer } from '../../server/app';
import { openDatabase } from '../../server/db';
import type { ServerChildConfig, ServerChildReady } from './servers';

/**
 * The editor's and the PUT's scenarios hold 10,000 corners on one branch (20 zones of 500, one
 * ring of 10,000): twice the default limit, as a deployment may set with MAX_BRANCH_CORNERS.
 */
const BENCH_BRANCH_CORNERS = 10_000;

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]!) as ServerChildConfig;
  const db = openDatabase(config.dbPath);
  const apps = config.instances.map((instance) => ({
    name: instance.name,
    app: buildServer({
      db,
      tokens: [config.token],
      pageSize: instance.pageSize,
      staticDir: instance.staticDir,
      pageCacheBytes: instance.pageCacheBytes,
      jobDocumentBytes: instance.jobDocumentBytes,
      extensions: instance.extensions,
      maxBranchCorners: BENCH_BRANCH_CORNERS,
    }),
  }));
  const urls: Record<string, string> = {};
  for (const { name, app } of apps) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    for (const { app } of apps) await closeServer(app, 1000);
    db.close();
    process.exit(0); // also writes the --cpu-prof profile, when asked for
  };
  process.on('message', (message) => {
    if (message === 'close') void close();
  });
  process.on('disconnect', () => void close());
  const ready: ServerChildReady = { urls };
  process.send!(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
