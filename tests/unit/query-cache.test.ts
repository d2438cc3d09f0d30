import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, retainRecentJobPages } from '../../src/api';

const pageData = (page: number) => ({ jobs: [], total_records: 0, page, total_pages: 0 });

describe('jobs pages kept in the cache', () => {
  it('drops the oldest pages beyond the cap, never one on screen, and leaves other data alone', async () => {
    const client = new QueryClient();
    retainRecentJobPages(client, 3);
    client.setQueryData(queryKeys.branchList(), []);

    // Page 1 stays on screen (an observer holds it) while the user pages on.
    const onScreen = new QueryObserver(client, {
      queryKey: queryKeys.jobsPage({ page: 1 }),
      queryFn: () => pageData(1),
    });
    const unsubscribe = onScreen.subscribe(() => {});
    await client.fetchQuery({ queryKey: queryKeys.jobsPage({ page: 1 }), queryFn: () => pageData(1) });

    for (let page = 2; page <= 8; page++) {
      await client.fetchQuery({ queryKey: queryKeys.jobsPage({ page }), queryFn: () => pageData(page) });
    }
    const cachedPages = client
      .getQueryCache()
      .findAll({ queryKey: queryKeys.jobs() })
      .map((q) => (q.queryKey[2] as { page: number }).page)
      .sort((a, b) => a - b);
    expect(cachedPages).toEqual([1, 6, 7, 8]);
    expect(client.getQueryData(queryKeys.branchList())).toEqual([]);
    unsubscribe();
  });
});
