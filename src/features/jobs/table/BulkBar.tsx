import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import type { Job } from '../../../contract';
import { BulkActionDialog, preloadActionDialogs } from '../../../job-views/actions';
import { Button } from '../../../ui';
import s from './table.module.css';

/**
 * The selection's bar (where the service offers job actions): how many jobs are selected, the
 * action on all of them (a dialog that names the count and what will happen, then each job's
 * result), and clearing the selection.
 */
export function BulkBar({ selected, onClear }: { selected: readonly Job[]; onClear: () => void }) {
  // The jobs as selected when the dialog opened: its results stay with them while the table refreshes.
  const [acting, setActing] = useState<readonly Job[] | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const { t } = useLingui();
  const count = selected.length;
  if (selected.length === 0 && !acting) return null;
  return (
    <div className={s.bulkBar} role="region" aria-label={t`Selected jobs`}>
      <span role="status" className={s.bulkCount}>
        <Plural value={count} one="# job selected" other="# jobs selected" />
      </span>
      <Button
        size="sm"
        variant="primary"
        onPointerEnter={preloadActionDialogs}
        onFocus={preloadActionDialogs}
        disabled={selected.length === 0}
        onClick={(e) => {
          setOpener(e.currentTarget);
          setActing(selected);
        }}
      >
        <Plural value={count} one="Act on # job…" other="Act on # jobs…" />
      </Button>
      <Button size="sm" onClick={onClear}>
        <Trans>Clear selection</Trans>
      </Button>
      {acting && (
        <Suspense fallback={null}>
          <BulkActionDialog
            jobs={acting}
            returnFocusTo={opener}
            onClose={() => setActing(null)}
            onActed={onClear}
          />
        </Suspense>
      )}
    </div>
  );
}
