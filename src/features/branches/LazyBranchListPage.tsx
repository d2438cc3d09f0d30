import { Suspense, lazy } from 'react';
import { Skeleton } from '../../ui';

/** The branch list is not part of the jobs route's first load: it arrives when opened. */
const List = lazy(() => import('./BranchListPage').then((m) => ({ default: m.BranchListPage })));

/** `view`: the URL's `view` search param ('map': the coverage map). */
export function BranchListPage({ view }: { view?: 'map' | undefined }) {
  return (
    <Suspense
      fallback={
        <div style={{ padding: 'var(--space-4)', display: 'grid', gap: 'var(--space-3)' }} aria-busy="true">
          <span className="visually-hidden">Loading branches…</span>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={20} />
          ))}
        </div>
      }
    >
      <List view={view} />
    </Suspense>
  );
}
