import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteView,
  loadViews,
  saveView,
  viewQuery,
  viewSearch,
} from '../../src/features/jobs/header/saved-views';

/** localStorage as the browser has it (Node has none), able to refuse writes like a full one. */
function fakeStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (storage.full) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
  return storage;
}

let storage: ReturnType<typeof fakeStorage>;
beforeEach(() => {
  storage = fakeStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('saved views', () => {
  it('keeps the filters, the search and late-only, never the page or the open job, in a fixed order', () => {
    expect(viewQuery({ page: 4, job: 9, late: 1, status: 8, branch_id: 'BOM-01', q: 'Ravi M' })).toBe(
      'q=Ravi+M&status=8&branch_id=BOM-01&late=1',
    );
    expect(viewQuery({ page: 2 })).toBe('');
  });

  it('applies as the screen’s search params on page 1', () => {
    expect(viewSearch({ name: 'x', query: 'status=8&late=1&page=5&job=3' })).toMatchObject({
      page: 1,
      status: 8,
      late: 1,
      job: undefined,
    });
  });

  it('saves, replaces a view of the same name in its place, and deletes', () => {
    saveView('Failed in Mumbai', { page: 1, status: 8, branch_id: 'BOM-01' });
    saveView('Late', { page: 1, late: 1 });
    const { views, stored } = saveView('failed in mumbai', { page: 1, status: 8 });
    expect(stored).toBe(true);
    expect(views).toEqual([
      { name: 'failed in mumbai', query: 'status=8' },
      { name: 'Late', query: 'late=1' },
    ]);
    expect(loadViews()).toEqual(views);
    expect(deleteView('Late')).toEqual([{ name: 'failed in mumbai', query: 'status=8' }]);
    expect(loadViews()).toHaveLength(1);
  });

  it('says when the browser refuses to store, and ignores what it cannot read', () => {
    storage.full = true;
    expect(saveView('x', { page: 1 }).stored).toBe(false);
    storage.full = false;
    storage.setItem('dispatch.jobs.views', '{oops');
    expect(loadViews()).toEqual([]);
    storage.setItem(
      'dispatch.jobs.views',
      JSON.stringify([{ name: 'ok', query: 'late=1' }, { name: '' }, 7, null]),
    );
    expect(loadViews()).toEqual([{ name: 'ok', query: 'late=1' }]);
  });
});
