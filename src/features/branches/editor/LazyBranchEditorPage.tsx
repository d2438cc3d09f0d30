import { Suspense, lazy } from 'react';
import { PageSkeleton } from '../../../ui';

/**
 * The editor and its form library load in their own chunk, only when a branch is opened (its
 * skeleton, in the shape of the form, comes with it: while its branch loads). The
 * zone map's chunk (maplibre, draw), which the editor loads lazily in turn, starts downloading
 * at the same time instead of after the editor's chunk has arrived.
 */
const Editor = lazy(() => {
  void import('../../../map/ZoneEditor').catch(() => {
    // Only a head start: the editor imports it again and shows a failure there.
  });
  return import('./BranchEditorPage');
});

export function BranchEditorPage({ id }: { id: string }) {
  return (
    <Suspense fallback={<PageSkeleton label={`Loading branch ${id}…`} />}>
      <Editor id={id} />
    </Suspense>
  );
}
