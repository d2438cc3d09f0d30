/**
 * Where the control room's first read goes: one cold load of /overview against the reference
 * server on the bench's seed of N jobs (cached in bench/out), printing each request to the
 * service (sent → headers, ms from navigation), the reads' phases as they change, and a CPU
 * profile of the page until both reads are done (self time by script and by function).
 *
 *   npx tsx bench/first-read-profile.ts [jobs=5000] [ext|bare]
 *
 * Serves bench/out/dist: run `npx tsx bench/control-room-scale.ts --only first-read` (which
 * builds it) or `npx vite build --outDir bench/out/dist` first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, startBrowser } from './lib/browser';
import { REFERENCE_TIME, cachedDatabase, workingCopy } from './lib/database';
import { startServers } from './lib/servers';
import { prepareSite } from './lib/site';
const TOKEN = 'bench-token';
const jobs = Number(process.argv[2] ?? 5000);
const mode = process.argv[3] ?? 'ext';
const tmp = mkdtempSync(join(tmpdir(), 'first-read-'));
const site = join(tmp, 'site');
prepareSite('bench/out/dist', site);
const cached = cachedDatabase('bench/out', jobs, 42);
const dbPath = workingCopy(cached.path, join(tmp, 'db.db'));
const servers = await startServers({
  dbPath,
  token: TOKEN,
  instances: [{ name: mode, pageSize: 20, staticDir: site, extensions: mode === 'ext' }],
});
const browser = await startBrowser();
const tab = await openPage(browser, TOKEN);
await tab.page.clock.setSystemTime(REFERENCE_TIME * 1000);
const t0 = performance.now();
const at = () => Math.round(performance.now() - t0);
await tab.cdp.send('Network.enable');
const starts = new Map<string, [number, string]>();
tab.cdp.on('Network.requestWillBeSent', (e) => {
  starts.set(e.requestId, [at(), e.request.url.replace(/^https?:\/\/[^/]+/, '')]);
});
tab.cdp.on('Network.responseReceived', (e) => {
  const s = starts.get(e.requestId);
  if (s?.[1].startsWith('/v1/'))
    console.log(
      `${String(s[0]).padStart(6)} → ${String(at()).padStart(6)} hdr ${e.response.status} ${s[1].slice(0, 140)}`,
    );
});
await tab.cdp.send('Profiler.enable');
await tab.cdp.send('Profiler.setSamplingInterval', { interval: 500 });
await tab.cdp.send('Profiler.start');
await tab.page.goto(`${servers.urls[mode]}/overview`, { waitUntil: 'commit' });
let last = '';
for (let i = 0; i < 600; i++) {
  const phases = await tab.page
    .evaluate(() =>
      [...document.querySelectorAll('[data-read]')]
        .map((e) => `${e.getAttribute('data-read')}=${e.getAttribute('data-phase')}`)
        .join(' | '),
    )
    .catch(() => 'x');
  if (phases !== last) {
    console.log(at(), 'PHASES', phases);
    last = phases;
  }
  if (/Open work=done/.test(phases) && /window's jobs=done/.test(phases)) break;
  await new Promise((r) => setTimeout(r, 50));
}
console.log('done at', at());
const { profile } = await tab.cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const dt = profile.timeDeltas!;
profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
const agg = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, ms] of self) {
  const cf = byId.get(id)!.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + ms);
  const f = cf.url.split('/').pop() || cf.functionName;
  byFile.set(f, (byFile.get(f) ?? 0) + ms);
}
console.log('--- self ms by file');
for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(Math.round(v), k);
console.log('--- self ms by function');
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(Math.round(v), k);
await browser.close();
await servers.close();
