import type { JobsResponse } from '../../contract';
import { readJobsResponse } from '../../contract/job-read';

/**
 * Cuts the first jobs out of a `GET /v1/jobs` body while it is still arriving, so that the
 * first paint of a big page (src/features/jobs/first-paint.ts) can show its first screenful
 * before the whole body is in and parsed (a page of 1,000 jobs is ~6 MB of JSON).
 *
 * It follows the JSON's structure only as far as it must: strings (with their escapes),
 * brackets, and the top-level object's keys, to find the elements of its "jobs" array. Each
 * complete element's text is handed out as it closes; the caller parses those few with
 * `JSON.parse` and checks them with the contract's reader. Anything that does not look like a
 * jobs page simply yields no jobs. Pure, no DOM: tests/unit/first-jobs.test.ts feeds it the
 * reference server's pages cut at every position.
 */
export class FirstJobsScanner {
  private text = '';
  private pos = 0;
  private depth = 0;
  private inString = false;
  private expectKey = false;
  private keyStart = -1;
  private key: string | undefined;
  private inJobs = false;
  private jobStart = -1;
  /** The text of each complete element of the top-level "jobs" array, in order. */
  readonly jobs: string[] = [];

  constructor(private readonly limit: number) {}

  /** Everything pushed so far. */
  get received(): string {
    return this.text;
  }

  /** True once `limit` jobs are found (the scanner then stops reading). */
  get full(): boolean {
    return this.jobs.length >= this.limit;
  }

  push(chunk: string): void {
    this.text += chunk;
    if (!this.full) this.scan();
  }

  private scan(): void {
    const t = this.text;
    const special = /["{}[\],:]/g;
    let i = this.pos;
    while (i < t.length && !this.full) {
      if (this.inString) {
        const quote = t.indexOf('"', i);
        if (quote < 0) {
          i = t.length;
          break;
        }
        i = quote + 1;
        let backslashes = 0;
        for (let b = quote - 1; t.charCodeAt(b) === 92; b--) backslashes++;
        if (backslashes % 2 === 1) continue; // an escaped quote: still in the string
        this.inString = false;
        if (this.keyStart >= 0) {
          this.key = JSON.parse(t.slice(this.keyStart, quote + 1)) as string;
          this.keyStart = -1;
        }
        continue;
      }
      special.lastIndex = i;
      const match = special.exec(t);
      if (!match) {
        i = t.length;
        break;
      }
      const at = match.index;
      i = at + 1;
      switch (t[at]) {
        case '"':
          this.inString = true;
          if (this.depth === 1 && this.expectKey) this.keyStart = at;
          break;
        case ':':
          if (this.depth === 1) this.expectKey = false;
          break;
        case ',':
          if (this.depth === 1) this.expectKey = true;
          break;
        case '{':
        case '[':
          this.depth++;
          if (this.depth === 1) this.expectKey = t[at] === '{';
          else if (this.depth === 2 && this.key === 'jobs' && !this.expectKey && t[at] === '[') this.inJobs = true;
          else if (this.depth === 3 && this.inJobs) this.jobStart = at;
          break;
        default: // '}' or ']'
          if (this.depth === 3 && this.inJobs && this.jobStart >= 0) {
            this.jobs.push(t.slice(this.jobStart, at + 1));
            this.jobStart = -1;
          }
          if (this.depth === 2) this.inJobs = false;
          this.depth--;
      }
    }
    this.pos = i;
  }
}

/** A body at least this long, still arriving, gets its first screenful painted before the rest is in. */
export const STREAM_FROM_BYTES = 256 * 1024;

/**
 * The page to paint from the early response (./first-paint.ts): the whole page once its body
 * is in, or, for a big body still arriving, its first `limit` jobs (the scanner above) without
 * the totals. Undefined when the contract's reader refuses what it read.
 * A body announced as small is read whole at once (the browser's own decoding, no scan); one
 * announced as big is painted as soon as its first `limit` jobs are in.
 */
export async function readFirstPage(
  response: Response,
  page: number,
  limit: number,
): Promise<{ data: JobsResponse; partial: boolean } | undefined> {
  const header = response.headers.get('Content-Length');
  const length = header === null ? NaN : Number(header); // NaN: not announced
  if (!response.body || length < STREAM_FROM_BYTES) {
    const data = readJobsResponse(JSON.parse(await response.text()));
    return data && { data, partial: false };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  // Scanned from the start when the body is announced as big; otherwise from STREAM_FROM_BYTES
  // on, so that a small page of unknown length is never scanned (nor painted partially).
  let scanner = length >= STREAM_FROM_BYTES ? new FirstJobsScanner(limit) : undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (scanner) scanner.push(value);
    else if ((received += value).length >= STREAM_FROM_BYTES) {
      scanner = new FirstJobsScanner(limit);
      scanner.push(received);
    }
    if (scanner?.full) {
      void reader.cancel(); // this copy only: the app reads its own
      const first = { jobs: scanner.jobs.map((text) => JSON.parse(text) as unknown), total_records: 0, page, total_pages: 0 };
      const data = readJobsResponse(first);
      return data && { data, partial: true };
    }
  }
  const data = readJobsResponse(JSON.parse(scanner ? scanner.received : received));
  return data && { data, partial: false };
}
