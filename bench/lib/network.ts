/** Watches a page's requests: in flight, and which jobs pages have arrived (e.g. prefetched). */
import type { Page, Request } from 'playwright-core';

/** The stream of changes stays open while the working set follows it: never "in flight" here. */
const STREAM_PATH = '/v1/jobs/stream';

const POLL_MS = 10;
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class NetworkLog {
  private inFlight = new Set<Request>();
  private lastChange = performance.now();
  /** Search strings of the /v1/jobs responses fully received. */
  readonly jobsPages: URLSearchParams[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === STREAM_PATH) return;
      this.inFlight.add(request);
      this.lastChange = performance.now();
    });
    const done = (request: Request, ok: boolean) => {
      this.inFlight.delete(request);
      this.lastChange = performance.now();
      const url = new URL(request.url());
      if (ok && url.pathname === '/v1/jobs') this.jobsPages.push(url.searchParams);
    };
    page.on('requestfinished', (request) => done(request, true));
    page.on('requestfailed', (request) => done(request, false));
  }

  private async until(test: () => boolean, what: string): Promise<void> {
    const deadline = performance.now() + TIMEOUT_MS;
    while (!test()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(POLL_MS);
    }
  }

  /** No request in flight for `quietMs`. */
  idle(quietMs = 150): Promise<void> {
    return this.until(
      () => this.inFlight.size === 0 && performance.now() - this.lastChange >= quietMs,
      'network idle',
    );
  }

  /** The jobs page `page` has been received (e.g. by the prefetch), then the network is idle. */
  async jobsPage(page: number): Promise<void> {
    await this.until(() => this.jobsPages.some((p) => p.get('page') === String(page)), `jobs page ${page}`);
    await this.idle(50);
  }
}
