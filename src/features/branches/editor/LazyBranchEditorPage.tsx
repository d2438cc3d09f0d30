import { Suspense, lazy } from 'react';
import { PageSkeleton } from '../../../ui';

/**
 * The editor and its form library load in their own chunk, only when a branch is opened (its
 * skeleton, in the shape of the form, comes with it: while its branch loads). The zone map's
 * chunk (maplibre, draw) is asked for by the editor once the form has painted
 * (ZonesSection.tsx): the fields take input first.
 */
const Editor = lazy(() => import('./BranchEditorPage'));

export function BranchEditorPage({ id }: { id: string }) {
  return (
    // The first load holds the shell's catalog only, not this area's: this wrapper's status, seen
    // while the area's code loads, stays English until the shell's catalog carries it.
    // eslint-disable-next-line lingui/no-unlocalized-strings
    <Suspense fallback={<PageSkeleton label={`Loading branch ${id}…`} />}>
      <Editor id={id} />
    </Suspense>
  );
}
