import { Suspense, lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <Suspense fallback={<PageSkeleton label={t`Loading branches…`} />}>
      <List view={view} />
    </Suspense>
  );
}
