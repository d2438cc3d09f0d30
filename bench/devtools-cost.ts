/**
 * What the bench's own instrument costs. The bench drives Chromium through Playwright, which
 * turns on DevTools domains for every page (Network among them: Chromium then keeps a copy of
 * each response body for DevTools). This loads the jobs screen three ways, in turn: in
 * Chromium driven over a bare CDP pipe (as a user's browser, nothing attached but the probe),
 * the same with `Network.enable`, and the bench's own way (Playwright, bench/lib/browser.ts);
 * and prints each, from navigation start and from the jobs response's end to the first row
 * painted (the bench's probe). Pages of 1,000 jobs by default (the rows_1000 case);
 * `--page-size 20` for the first-rows case.
 *
 *   npx vite build --outDir bench/out/dist && npx tsx bench/devtools-cost.ts --runs 7
 *
 * Never fails on a time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/e2e/chromium';
import { startTestServer } from '../tests/support/server';
import { VIEWPORT, gotoFirstRows, openPage, startBrowser } from './lib/browser';
import { probeSource, type PageOneTiming } from './lib/probe';
import { median, medianInterval } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'page-size': { type: 'string', default: '1000' },
    dist: { type: 'string', default: 'bench/out/dist' },
  },
});
const runs = Number(values.runs);
const pageSize = Number(values['page-size']);
if (!existsSync(`${values.dist}/index.html`)) throw new Error(`no build in ${values.dist}: run "npx vite build --outDir ${values.dist}" first`);

type Message = { id?: number; method?: string; sessionId?: string; result?: unknown; error?: { message: string } };

/** A CDP client over Chromium's --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated JSON). */
function cdpOverPipe(input: Writable, output: Readable) {
  let nextId = 0;
  let buffer = '';
  const waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  const listeners: ((m: Message) => void)[] = [];
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as Message;
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined && waiting.has(message.id)) {
        const w = waiting.get(message.id)!;
        waiting.delete(message.id);
        if (message.error) w.reject(new Error(message.error.message));
        else w.resolve(message.result);
      } else for (const l of listeners) l(message);
    }
  });
  return {
    send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
      const id = ++nextId;
      input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      return new Promise<T>((resolve, reject) => waiting.set(id, { resolve: (r) => resolve(r as T), reject }));
    },
    /** Resolves on the first event `method` from `sessionId`. */
    once(method: string, sessionId: string): Promise<Message> {
      return new Promise((resolve) => {
        const l = (m: Message) => {
          if (m.method === method && m.sessionId === sessionId) {
            listeners.splice(listeners.indexOf(l), 1);
            resolve(m);
          }
        };
        listeners.push(l);
      });
    },
  };
}

ensureChromium();
const server = await startTestServer({ staticDir: values.dist, pageSize, jobs: Math.max(200, 2 * pageSize) });
const profile = mkdtempSync(join(tmpdir(), 'dispatch-devtools-cost-'));
const chrome = spawn(
  CHROMIUM_PATH,
  [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
);
const cdp = cdpOverPipe(chrome.stdio[3] as Writable, chrome.stdio[4] as Readable);

type Load = { fromNavigation: number; fromResponseEnd: number };
async function load(withNetworkDomain: boolean): Promise<Load> {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext');
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: false }, sessionId);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: probeSource(server.token) }, sessionId);
    if (withNetworkDomain) await cdp.send('Network.enable', {}, sessionId);
    const loaded = cdp.once('Page.domContentEventFired', sessionId);
    await cdp.send('Page.navigate', { url: `${server.url}/jobs` }, sessionId);
    await loaded;
    const { result, exceptionDetails } = await cdp.send<{ result: { value: Load }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      {
        expression: `window.__bench.firstRows.then((p) => {
          const e = window.__bench.pageOneTiming();
          return { fromNavigation: p.paintedAt, fromResponseEnd: e ? p.paintedAt - e.responseEnd : NaN };
        })`,
        awaitPromise: true,
        returnByValue: true,
      },
      sessionId,
    );
    if (exceptionDetails) throw new Error(`the probe failed: ${exceptionDetails.text}`);
    return result.value;
  } finally {
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
  }
}

const playwright = await startBrowser();
async function loadWithPlaywright(): Promise<Load> {
  const page = await openPage(playwright, server.token);
  try {
    const painted = await gotoFirstRows(page.page, `${server.url}/jobs`);
    const entry = await page.page.evaluate<PageOneTiming | null>('window.__bench.pageOneTiming()');
    return { fromNavigation: painted.paintedAt, fromResponseEnd: entry ? painted.paintedAt - entry.responseEnd : Number.NaN };
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
  chrome.kill();
  await playwright.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
const show = (values: number[]) => {
  const [lo, hi] = medianInterval(values);
  return `median ${median(values).toFixed(1)} ms (95% interval ${lo.toFixed(0)}-${hi.toFixed(0)}; runs ${values.map((v) => v.toFixed(0)).join(', ')})`;
};
console.log(`jobs screen, pages of ${pageSize} jobs, ${runs} loads each way, in turn; first row painted`);
for (const mode of MODES) {
  console.log(`  ${LABELS[mode]}`);
  console.log(`    from navigation start: ${show(results[mode].map((r) => r.fromNavigation))}`);
  console.log(`    from the response end: ${show(results[mode].map((r) => r.fromResponseEnd))}`);
}
