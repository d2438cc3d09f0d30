/**
 * `npm start` (scripts/start.ts): the request log goes to a file, so the block with the URL and
 * the sign-in token is the last thing printed and stays in view while the dashboard is used.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './server-process';

const dir = mkdtempSync(join(tmpdir(), 'dispatch-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start', () => {
  it('prints the URL and the token last, and writes the request log to server.log beside the database', async () => {
    const { child, output, exited } = spawnServer(
      { PORT: '0', VITE_PORT: '0', DATABASE_PATH: join(dir, 'dispatch.db'), SEED_JOBS: '30', SIMULATE: '0' },
      resolve('scripts/start.ts'),
    );
    const [, api, token] = await output(/Reference service +(\S+)\n.*\n +Sign-in token +(\S+)\n─+\n/);
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${api}/v1/jobs?page=${i + 1}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const log = join(dir, 'server.log');
    await expect
      .poll(() => readFileSync(log, 'utf8').match(/GET \/v1\/jobs\?page=\d+ 200/g)?.length)
      .toBe(20);
    child.kill('SIGTERM');
    // Vite's own SIGTERM handler ends the process (code 143); what was printed is what counts.
    const { stdout } = await exited;
    expect(stdout).not.toContain('/v1/jobs');
    // Nothing after the block: its closing rule is the last line printed.
    const lines = stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^─+$/);
    expect(lines.at(-2)).toBe(`  ${'Sign-in token'.padEnd(21)}${token}`);
    expect(lines.at(-3)).toMatch(/^ {2}Dispatch dashboard +http:\/\/localhost:\d+\/$/);
  }, 60_000);
});
