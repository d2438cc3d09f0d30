import { Suspense, lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../../ui';

/**
 * The editor and its form library load in their own chunk, only when a branch is opened (its
 * skeleton, in the shape of the form, comes with it: while its branch loads). The zone map's
 * chunk (maplibre, draw) is asked for by the editor once the form has painted
 * (ZonesSection.tsx): the fields take input first.
 */
const Editor = lazy(() => import('./BranchEditorPage'));

export function BranchEditorPage({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<PageSkeleton label={t`Loading branch ${id}…`} />}>
      <Editor id={id} />
    </Suspense>
  );
}
