import type { Coding } from './representation';

/** One page in one coding, as sent: its bytes and the ETag of that representation. */
export interface CompressedPage {
  coding: Coding;
  etag: string;
  bytes: Buffer;
}

/**
 * Pages of jobs as sent compressed, by key and coding, while the data's version holds: what
 * clients ask for again (the first pages, the control rooms' lists) is answered without being
 * built or compressed again. Only the compressed bytes are kept (a client that accepts neither
 * br nor gzip gets its page built each time), and at most `maxBytes` of them, the least
 * recently used dropped first: a page of 20 jobs is about 17 KB in brotli, one of 1,000 about
 * 0.5 MB.
 */
export class CompressedPages {
  private readonly pages = new Map<string, CompressedPage>();
  private bytes = 0;
  private version = '';

  constructor(private readonly maxBytes: number) {}

  get(version: string, key: string, coding: Coding): CompressedPage | undefined {
    if (version !== this.version) this.clear(version);
    const id = `${coding}|${key}`;
    const page = this.pages.get(id);
    if (page === undefined) return undefined;
    this.pages.delete(id);
    this.pages.set(id, page);
    return page;
  }

  set(version: string, key: string, page: CompressedPage): void {
    if (version !== this.version) this.clear(version);
    if (page.bytes.length > this.maxBytes) return;
    const id = `${page.coding}|${key}`;
    const old = this.pages.get(id);
    if (old) this.bytes -= old.bytes.length;
    this.pages.delete(id);
    this.pages.set(id, page);
    this.bytes += page.bytes.length;
    for (const [oldId, oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldId);
      this.bytes -= oldest.bytes.length;
    }
  }

  /** Bytes held (for tests and figures). */
  get size(): number {
    return this.bytes;
  }

  private clear(version: string): void {
    this.pages.clear();
    this.bytes = 0;
    this.version = version;
  }
}
