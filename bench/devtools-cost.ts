/**
 * What the bench's instrument costs. Playwright turns on DevTools domains for every page
 * (Network among them: Chromium then keeps a copy of each response body for DevTools) and
 * adds its own script world; this script is why the bench times its cold loads in Chromium
 * over a bare CDP pipe (bench/lib/cdp.ts) and keeps Playwright for the interactions. It loads
 * the jobs screen three ways, in turn: over the bare pipe (as a user's browser, nothing
 * attached but the probe), the same with `Network.enable`, and through Playwright (bench/lib/browser.ts);
 * and prints each, from navigation start and from the jobs response's end to the first row
 * painted (the bench's probe). Pages of 1,000 jobs by default (the rows_1000 case);
 * `--page-size 20` for the first-rows case; `--cpu 4` throttles the CPU 4x (as first_rows_app_ms_cpu4x).
 *
 *   npx vite build --outDir bench/out/dist && npx tsx bench/devtools-cost.ts --runs 7
 *
 * Never fails on a time.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startTestServer } from '../tests/support/server';
import { gotoFirstRows, openPage, startBrowser } from './lib/browser';
import { startBareBrowser } from './lib/cdp';
import type { PageOneTiming } from './lib/probe';
import { median, medianInterval } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'page-size': { type: 'string', default: '1000' },
    dist: { type: 'string', default: 'bench/out/dist' },
    cpu: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const pageSize = Number(values['page-size']);
const cpuThrottling = Number(values.cpu);
if (!existsSync(`${values.dist}/index.html`))
  throw new Error(`no build in ${values.dist}: run "npx vite build --outDir ${values.dist}" first`);

const server = await startTestServer({ staticDir: values.dist, pageSize, jobs: Math.max(200, 2 * pageSize) });
const bare = await startBareBrowser();

type Load = { fromNavigation: number; fromResponseEnd: number };
const LOAD_FIGURES = `window.__bench.firstRows.then((p) => {
  const e = window.__bench.pageOneTiming();
  return { fromNavigation: p.paintedAt, fromResponseEnd: e ? p.paintedAt - e.responseEnd : NaN };
})`;
const load = (networkDomain: boolean) =>
  bare.load<Load>(`${server.url}/jobs`, server.token, LOAD_FIGURES, { cpuThrottling, networkDomain });

const playwright = await startBrowser();
async function loadWithPlaywright(): Promise<Load> {
  const page = await openPage(playwright, server.token, { cpuThrottling });
  try {
    const painted = await gotoFirstRows(page.page, `${server.url}/jobs`);
    const entry = await page.page.evaluate<PageOneTiming | null>('window.__bench.pageOneTiming()');
    return {
      fromNavigation: painted.paintedAt,
      fromResponseEnd: entry ? painted.paintedAt - entry.responseEnd : Number.NaN,
    };
  } finally {
    await page.close();
  }
}

const MODES = ['bare', 'network', 'playwright'] as const;
type Mode = (typeof MODES)[number];
const LABELS: Record<Mode, string> = {
  bare: 'bare CDP (as a user’s browser)',
  network: 'bare CDP + DevTools’ Network domain',
  playwright: 'Playwright (as the bench measures)',
};
const measure = (mode: Mode) => (mode === 'playwright' ? loadWithPlaywright() : load(mode === 'network'));
const results: Record<Mode, Load[]> = { bare: [], network: [], playwright: [] };
try {
  for (const mode of MODES) await measure(mode); // untimed: warm the server and the browsers
  for (let i = 0; i < runs; i++) {
    // Rotate the order, so that no way always follows another.
    for (let k = 0; k < MODES.length; k++) {
      const mode = MODES[(i + k) % MODES.length]!;
      results[mode].push(await measure(mode));
    }
  }
} finally {
  await bare.close();
  await playwright.close();
  await server.close();
}
const show = (values: number[]) => {
  const [lo, hi] = medianInterval(values);
  return `median ${median(values).toFixed(1)} ms (95% interval ${lo.toFixed(0)}-${hi.toFixed(0)}; runs ${values.map((v) => v.toFixed(0)).join(', ')})`;
};
console.log(
  `jobs screen, pages of ${pageSize} jobs, ${runs} loads each way, in turn, CPU ${cpuThrottling}x; first row painted`,
);
for (const mode of MODES) {
  console.log(`  ${LABELS[mode]}`);
  console.log(`    from navigation start: ${show(results[mode].map((r) => r.fromNavigation))}`);
  console.log(`    from the response end: ${show(results[mode].map((r) => r.fromResponseEnd))}`);
}
