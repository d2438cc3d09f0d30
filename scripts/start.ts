/**
 * `npm start`: the seeded reference server and the dashboard (Vite dev server, proxying
 * /v1 to the reference server), then one block saying where to go and which token to use.
 * The server's operation runs forward while it runs (SIMULATE=1 unless set otherwise).
 */
import { createServer } from 'vite';
import { startServer } from '../server/main';

async function main() {
  const api = await startServer({
    ...process.env,
    PORT: process.env.PORT ?? '8787',
    SIMULATE: process.env.SIMULATE ?? '1',
  });
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: {
      port: Number(process.env.VITE_PORT ?? 5173),
      proxy: { '/v1': { target: api.url, changeOrigin: false } },
    },
    logLevel: 'warn',
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0] ?? `http://localhost:${vite.config.server.port}/`;
  const line = '─'.repeat(64);
  console.log(
    `\n${line}\n  Dispatch dashboard   ${url}\n  Reference service    ${api.url}\n  Sign-in token        ${api.token}\n${line}\n  Ctrl+C stops both.\n`,
  );

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await vite.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message}`);
  process.exit(1);
});
