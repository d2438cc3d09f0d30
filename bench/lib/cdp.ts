/**
 * Chromium driven over a bare DevTools pipe, for the first-load figures: as a user's browser,
 * with nothing attached to the page but the probe. Playwright (bench/lib/browser.ts, used for
 * the interactions) turns on several DevTools domains for every page and creates its own
 * script world in it; on this machine that added 30-50 ms to a load at full speed and ~190 ms
 * at CPU 4x (`npx tsx bench/devtools-cost.ts --page-size 20 --cpu 4`), which is the
 * instrument's cost, not the app's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../../tests/e2e/chromium';
import { VIEWPORT, networkConditions, withTimeout, type PageOptions } from './browser';
import { probeSource } from './probe';

type Message = {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
};

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
        if (message.error) w.reject(new Error(`${message.error.message}`));
        else w.resolve(message.result);
      } else for (const l of [...listeners]) l(message);
    }
  });
  return {
    send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
      const id = ++nextId;
      input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      return new Promise<T>((resolve, reject) =>
        waiting.set(id, { resolve: (r) => resolve(r as T), reject }),
      );
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

/** Playwright's default trace categories (what `browser.startTracing` records). */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.console',
  'blink.user_timing',
  'latencyInfo',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

export interface BareLoadOptions extends Pick<PageOptions, 'cpuThrottling' | 'network'> {
  /** Turn on DevTools' Network domain even without network emulation (what devtools-cost compares). */
  networkDomain?: boolean;
  /** Record a Chrome trace of the load to this file. */
  tracePath?: string;
}

export interface BareBrowser {
  version: string;
  /**
   * Loads `url` in a new browser context (empty cache and storage: a cold load) with the probe
   * signed in as `token`, then returns the value of `expression` evaluated in the page
   * (promises awaited), e.g. `window.__bench.firstRows`.
   */
  load<T>(url: string, token: string, expression: string, options?: BareLoadOptions): Promise<T>;
  close(): Promise<void>;
}

export async function startBareBrowser(): Promise<BareBrowser> {
  ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), 'dispatch-bench-bare-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => chrome.once('exit', () => resolve()));
  const cdp = cdpOverPipe(chrome.stdio[3] as Writable, chrome.stdio[4] as Readable);
  const { product } = await cdp.send<{ product: string }>('Browser.getVersion');

  async function load<T>(
    url: string,
    token: string,
    expression: string,
    options: BareLoadOptions = {},
  ): Promise<T> {
    const { cpuThrottling = 1, network, networkDomain = false, tracePath } = options;
    const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext');
    try {
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const send = (method: string, params: object = {}) => cdp.send(method, params, sessionId);
      await send('Page.enable');
      await send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: false });
      await send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: 'light' }],
      });
      await send('Page.addScriptToEvaluateOnNewDocument', { source: probeSource(token) });
      if (cpuThrottling !== 1) await send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
      if (networkDomain || network) await send('Network.enable');
      if (network) await send('Network.emulateNetworkConditions', networkConditions(network));
      if (tracePath)
        await send('Tracing.start', { transferMode: 'ReturnAsStream', categories: TRACE_CATEGORIES });
      // Evaluate in the new document (its probe), not in about:blank.
      const loaded = cdp.once('Page.domContentEventFired', sessionId);
      await send('Page.navigate', { url });
      await withTimeout(loaded, `DOMContentLoaded at ${url}`);
      const { result, exceptionDetails } = await withTimeout(
        cdp.send<{
          result: { value: T };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId),
        `${expression} at ${url}`,
      );
      if (tracePath) await saveTrace(sessionId, tracePath);
      if (exceptionDetails) {
        throw new Error(
          `${expression} failed at ${url}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
        );
      }
      return result.value;
    } finally {
      await cdp.send('Target.disposeBrowserContext', { browserContextId });
    }
  }

  async function saveTrace(sessionId: string, path: string): Promise<void> {
    const complete = cdp.once('Tracing.tracingComplete', sessionId);
    await cdp.send('Tracing.end', {}, sessionId);
    const stream = (await complete).params?.stream as string;
    let text = '';
    for (;;) {
      const chunk = await cdp.send<{ data: string; base64Encoded?: boolean; eof: boolean }>(
        'IO.read',
        { handle: stream },
        sessionId,
      );
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream }, sessionId);
    writeFileSync(path, text);
  }

  return {
    version: product,
    load,
    async close() {
      chrome.kill();
      await exited;
      // Chromium's helper processes can still be writing to the profile just after it exits
      // (ENOTEMPTY even after rmSync's own retries, now and then): one more try a second later,
      // then leave the temporary directory rather than fail a run whose figures are taken.
      const remove = () => rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      try {
        remove();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        try {
          remove();
        } catch (error) {
          console.warn(`Could not remove the bare browser's profile ${profile}: ${(error as Error).message}`);
        }
      }
    },
  };
}
