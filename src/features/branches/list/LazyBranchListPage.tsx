import { Suspense, lazy } from 'react';
import { PageSkeleton } from '../../../ui';
import type { BranchesSearch } from '../../../contract/search-params';

/** The branch list is not part of the jobs route's first load: it arrives when opened. */
const loadList = () => import('./BranchListPage');
const List = lazy(() => loadList().then((m) => ({ default: m.BranchListPage })));

/** Starts loading the list's code, and for the coverage map its code and the map's, before the screen renders. */
export function preloadBranchList(view: BranchesSearch['view']): void {
  void loadList();
  if (view === 'map') {
    void import('../coverage/CoverageMap');
    void import('../../../map/PointsMap');
  }
}

/** `view`: the URL's `view` search param ('map': the coverage map). */
export function BranchListPage({ view }: BranchesSearch) {
  return (
    // The first load holds the shell's catalog only, not this area's: this wrapper's status, seen
    // while the area's code loads, stays English until the shell's catalog carries it.
    // eslint-disable-next-line lingui/no-unlocalized-strings
    <Suspense fallback={<PageSkeleton label="Loading branches…" />}>
      <List view={view} />
    </Suspense>
  );
}
