/**
 * A page of jobs put together from kept job documents (server/repo/jobs.ts) is the page as
 * JSON, the same bytes as the jobs read whole, before and after writes; and the compressed
 * pages kept (server/compressed-pages.ts) stay within their bytes.
 */
import { describe, expect, it } from 'vitest';
import { CompressedPages } from '../../server/compressed-pages';
import { openDatabase } from '../../server/db';
import { BranchRepository } from '../../server/repo/branches';
import { JobRepository, pageJson } from '../../server/repo/jobs';
import { seed } from '../../server/seed';
import { TEST_REFERENCE_TIME } from '../support/server';

describe('a page from job documents', () => {
  const db = openDatabase(':memory:');
  seed(db, { seed: 3, jobs: 120, referenceTime: TEST_REFERENCE_TIME });
  const jobs = new JobRepository(db, new BranchRepository(db));
  const same = (page: number, pageSize: number, embed: 'full' | 'summary') =>
    expect(jobs.listJson({}, page, pageSize, embed).toString()).toBe(
      pageJson(jobs.list({}, page, pageSize, embed)),
    );

  it('is the page as JSON, whole or summary branches, a page past the end too', () => {
    for (const embed of ['full', 'summary'] as const)
      for (const [page, size] of [
        [1, 20],
        [3, 50],
        [9, 20],
      ] as const) {
        same(page, size, embed);
        same(page, size, embed); // the second time from the kept documents
      }
  });

  it('follows writes to a job, its stops, its rider and its branch', () => {
    same(1, 20, 'full');
    const [newest] = JSON.parse(jobs.listJson({}, 1, 1).toString()).jobs as { id: number }[];
    db.prepare('UPDATE jobs SET notes = ? WHERE id = ?').run('Ring twice', newest!.id);
    db.prepare('UPDATE deliveries SET note = ? WHERE job_id = ?').run('Side door', newest!.id);
    db.prepare('UPDATE riders SET name = ? WHERE id IN (SELECT rider_id FROM jobs)').run('Renamed Rider');
    db.prepare('UPDATE branches SET name = ?').run('Renamed Branch');
    const text = jobs.listJson({}, 1, 20, 'full').toString();
    for (const written of ['Ring twice', 'Side door', 'Renamed Branch']) expect(text).toContain(written);
    same(1, 20, 'full');
    same(1, 20, 'summary');
  });

  it('is built the same with no documents kept', () => {
    const bare = new JobRepository(db, new BranchRepository(db), 0);
    expect(bare.listJson({ status: 7 }, 1, 30, 'full').toString()).toBe(
      pageJson(jobs.list({ status: 7 }, 1, 30, 'full')),
    );
  });
});

describe('compressed pages kept', () => {
  const page = (bytes: number) => ({ coding: 'br' as const, etag: `"${bytes}"`, bytes: Buffer.alloc(bytes) });

  it('hold at most their bytes, dropping the least recently used', () => {
    const pages = new CompressedPages(1000);
    pages.set('v1', 'a', page(400));
    pages.set('v1', 'b', page(400));
    expect(pages.get('v1', 'a', 'br')).toBeDefined(); // a is now the most recent
    pages.set('v1', 'c', page(400));
    expect(pages.size).toBeLessThanOrEqual(1000);
    expect(pages.get('v1', 'b', 'br')).toBeUndefined();
    expect(pages.get('v1', 'a', 'br')?.etag).toBe('"400"');
    expect(pages.get('v1', 'a', 'gzip')).toBeUndefined();
  });

  it('are dropped when the data changes, and one larger than them all is not kept', () => {
    const pages = new CompressedPages(1000);
    pages.set('v1', 'a', page(400));
    expect(pages.get('v2', 'a', 'br')).toBeUndefined();
    pages.set('v2', 'big', page(1001));
    expect(pages.get('v2', 'big', 'br')).toBeUndefined();
    expect(pages.size).toBe(0);
  });
});
