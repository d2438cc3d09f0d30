import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Branch } from '../../../contract';
import { branchQueryOptions, errorMessage, isApiError, useApi } from '../../../api';
import { EmptyState, ErrorState } from '../../../ui';
import { BranchForm } from './BranchForm';
import { EditorSkeleton } from './EditorSkeleton';
import { renamedTo } from './renames';
import s from '../branches.module.css';

function NotFound({ id }: { id: string }) {
  const { t } = useLingui();
  const movedTo = renamedTo(id);
  return (
    <div className={s.page}>
      <EmptyState
        title={movedTo ? t`Branch ${id} was renamed` : t`No branch with id ${id}`}
        actions={
          <>
            {movedTo && (
              <Link to="/branches/$id" params={{ id: movedTo }}>
                <Trans>
                  Open <bdi>{movedTo}</bdi>
                </Trans>
              </Link>
            )}
            <Link to="/branches">
              <Trans>All branches</Trans>
            </Link>
          </>
        }
      >
        {movedTo ? (
          <Trans>
            It is now <code>{movedTo}</code>. Links and filters that use <code>{id}</code> no longer find it.
          </Trans>
        ) : (
          <Trans>
            The service does not know a branch <code>{id}</code>. Check the id, or find the branch in the
            list.
          </Trans>
        )}
      </EmptyState>
    </div>
  );
}

/** Loads one branch (the extension endpoint, or the jobs that embed it) and opens the form. */
export default function BranchEditorPage({ id }: { id: string }) {
  const { t } = useLingui();
  const api = useApi();
  const query = useQuery(branchQueryOptions(api, id));
  // Once the form is open it keeps its branch: a background refetch never swaps it (the form
  // compares the newer version and offers to look at it instead).
  const [opened, setOpened] = useState<Branch | null>(null);
  if (!opened && query.data) setOpened(query.data);

  if (opened) return <BranchForm branch={opened} latest={query.data} />;
  if (query.isPending) return <EditorSkeleton id={id} />;
  if (query.isError) {
    const e = query.error;
    if (isApiError(e) && e.kind === 'unauthorized') return <EditorSkeleton id={id} />;
    return (
      <div className={s.page}>
        <ErrorState
          title={t`Could not load branch ${id}`}
          message={errorMessage(e)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          actions={
            <Link to="/branches">
              <Trans>All branches</Trans>
            </Link>
          }
        />
      </div>
    );
  }
  return <NotFound id={id} />;
}
