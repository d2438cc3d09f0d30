/**
 * First rows of two builds, interleaved run by run, so that the machine's load drifting
 * during the runs weighs on both alike (the figures of two separate `npm run bench` runs on
 * this shared machine differ by more than most changes). Prints medians and the median of the
 * per-pair differences. Loads in Chromium over a bare DevTools pipe, as the bench's first-rows
 * figures (bench/lib/cdp.ts). Never fails on a time.
 *
 *   git stash && npx vite build --outDir /tmp/dist-a && git stash pop && npx vite build --outDir /tmp/dist-b
 *   npx tsx bench/ab.ts /tmp/dist-a /tmp/dist-b --runs 15 --cpu 4
 *
 * `--page-size 1000` serves pages of that many jobs (the rows_1000 case), from nav start.
 * `--latency 40 --mbps 50` loads over an emulated slower network (CDP), loopback being no network.
 * The figure of each load: navigation start to the first row of the jobs table painted.
 * Besides the median difference it prints a distribution-free 95% interval for it and a sign
 * test, so that "14 of 21 pairs faster" is read for what it is (p ≈ 0.19: not a result).
 */
import { parseArgs } from 'node:util';
import { startTestServer } from '../tests/support/server';
import { startBareBrowser } from './lib/cdp';
import type { Painted } from './lib/probe';
import { median, medianInterval, medianIntervalReaches, signTestP } from './lib/stats';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '15' },
    cpu: { type: 'string', default: '1' },
    'page-size': { type: 'string', default: '20' },
    latency: { type: 'string', default: '0' },
    mbps: { type: 'string', default: '0' },
  },
});
const [distA, distB] = positionals;
if (!distA || !distB)
  throw new Error(
    'usage: tsx bench/ab.ts <distA> <distB> [--runs N] [--cpu RATE] [--page-size N] [--latency MS] [--mbps N]',
  );
const runs = Number(values.runs);
const cpuThrottling = Number(values.cpu);

const pageSize = Number(values['page-size']);
const latency = Number(values.latency);
const mbps = Number(values.mbps);
const network = latency > 0 || mbps > 0 ? { latencyMs: latency, mbps } : undefined;
const watched = `window.__bench.firstRows.then((first) => [first])`;
const FIGURES = ['first rows'] as const;
const serve = (staticDir: string) =>
  startTestServer({ staticDir, pageSize, jobs: Math.max(200, 2 * pageSize) });
const servers = [await serve(distA), await serve(distB)];
const browser = await startBareBrowser();
/** times[figure][build]: ms from navigation start. */
const times: [number[], number[]][] = FIGURES.map(() => [[], []]);
try {
  const load = async (which: 0 | 1) => {
    const server = servers[which]!;
    const options = { cpuThrottling, network };
    const painted = await browser.load<[Painted]>(`${server.url}/jobs`, server.token, watched, options);
    painted.forEach((p, figure) => times[figure]![which].push(p.paintedAt));
  };
  await load(0); // untimed: warm the servers and the browser
  await load(1);
  for (const t of times) t.forEach((build) => build.splice(0));
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always follows the other.
    const order: (0 | 1)[] = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) await load(which);
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const over = network ? `, network ${latency} ms RTT / ${mbps > 0 ? `${mbps} Mbit/s` : 'unlimited'}` : '';
console.log(`Pages of ${pageSize} jobs, ${runs} interleaved pairs, CPU ${cpuThrottling}x${over}`);
FIGURES.forEach((figure, f) => {
  const [a, b] = times[f]!;
  const diffs = b.map((t, i) => t - a[i]!);
  const faster = diffs.filter((d) => d < 0).length;
  const slower = diffs.filter((d) => d > 0).length;
  const [lo, hi] = medianInterval(diffs);
  console.log(`${figure}:`);
  console.log(`  A ${distA}: median ${fmt(median(a))}`);
  console.log(`  B ${distB}: median ${fmt(median(b))}`);
  console.log(`  B − A per pair: median ${fmt(median(diffs))} (${faster} of ${runs} pairs faster in B)`);
  console.log(
    `  95% interval of that median: ${fmt(lo)} to ${fmt(hi)}; sign test p = ${signTestP(faster, faster + slower).toFixed(3)}`,
  );
  console.log(
    !medianIntervalReaches(runs)
      ? '  → too few pairs for a 95% interval (6 at least): no verdict'
      : lo > 0 || hi < 0
        ? `  → B is ${hi < 0 ? 'faster' : 'slower'} beyond this machine's noise`
        : '  → no difference this run can tell from noise (the interval holds 0)',
  );
});
