import { Suspense, lazy } from 'react';
import { EditorSkeleton } from './EditorSkeleton';

/** The editor and its form library load in their own chunk, only when a branch is opened. */
const Editor = lazy(() => import('./BranchEditorPage'));

export function BranchEditorPage({ id }: { id: string }) {
  return (
    <Suspense fallback={<EditorSkeleton id={id} />}>
      <Editor id={id} />
    </Suspense>
  );
}
