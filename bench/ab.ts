/**
 * First rows of two builds, interleaved run by run, so that the machine's load drifting
 * during the runs weighs on both alike (the figures of two separate `npm run bench` runs on
 * this shared machine differ by more than most changes). Prints medians and the median of the
 * per-pair differences. Never fails on a time.
 *
 *   git stash && npx vite build --outDir /tmp/dist-a && git stash pop && npx vite build --outDir /tmp/dist-b
 *   npx tsx bench/ab.ts /tmp/dist-a /tmp/dist-b --runs 15 --cpu 4
 *
 * `--page-size 1000` serves pages of that many jobs (the rows_1000 case), from nav start.
 */
import { parseArgs } from 'node:util';
import { startTestServer } from '../tests/support/server';
import { gotoFirstRows, openPage, startBrowser } from './lib/browser';
import { median } from './lib/stats';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '15' },
    cpu: { type: 'string', default: '1' },
    'page-size': { type: 'string', default: '20' },
  },
});
const [distA, distB] = positionals;
if (!distA || !distB) throw new Error('usage: tsx bench/ab.ts <distA> <distB> [--runs N] [--cpu RATE]');
const runs = Number(values.runs);
const cpuThrottling = Number(values.cpu);

const pageSize = Number(values['page-size']);
const serve = (staticDir: string) => startTestServer({ staticDir, pageSize, jobs: Math.max(200, 2 * pageSize) });
const servers = [await serve(distA), await serve(distB)];
const browser = await startBrowser();
const times: [number[], number[]] = [[], []];
try {
  const load = async (which: 0 | 1) => {
    const server = servers[which]!;
    const page = await openPage(browser, server.token, { cpuThrottling });
    try {
      return (await gotoFirstRows(page.page, `${server.url}/jobs`)).paintedAt;
    } finally {
      await page.close();
    }
  };
  await load(0); // untimed: warm the servers and the browser
  await load(1);
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always follows the other.
    const order: (0 | 1)[] = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) times[which].push(await load(which));
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
const diffs = times[1].map((b, i) => b - times[0][i]!);
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`first rows, pages of ${pageSize} jobs, ${runs} interleaved pairs, CPU ${cpuThrottling}x`);
console.log(`  A ${distA}: median ${fmt(median(times[0]))}`);
console.log(`  B ${distB}: median ${fmt(median(times[1]))}`);
console.log(`  B − A per pair: median ${fmt(median(diffs))} (${diffs.filter((d) => d < 0).length} of ${runs} pairs faster in B)`);
