import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Branch } from '../../../contract';
import { formatDateTime } from '../../../ui';
import { BranchStateBadge } from '../list/BranchStateBadge';
import s from '../branches.module.css';

/** The branch editor's heading: the way back to the list, the branch's name and state, when it was last saved. */
export function BranchHeader({ branch }: { branch: Branch }) {
  const { t } = useLingui();
  const saved = formatDateTime(branch.updated_at);
  const person = branch.updated_by?.user_name;
  const zone = branch.time_zone;
  return (
    <div className={s.pageHeader}>
      <div className={s.pageTitleBlock}>
        <nav className={s.crumbs} aria-label={t`Breadcrumb`}>
          <Link to="/branches" activeOptions={{ exact: true }}>
            <Trans>Branches</Trans>
          </Link>
          <span aria-hidden="true">/</span>
          <span className={s.mono} aria-current="page">
            {branch.id}
          </span>
        </nav>
        <h1 className={s.title}>
          {branch.name || t`Unnamed branch`}
          <BranchStateBadge active={branch.active} />
        </h1>
        <p className={s.meta}>
          {person ? (
            <Trans>
              Last saved {saved} by <bdi>{person}</bdi>
            </Trans>
          ) : (
            <Trans>Last saved {saved}</Trans>
          )}
          {zone && (
            <Trans>
              {' '}
              · Time zone <bdi>{zone}</bdi>
            </Trans>
          )}
        </p>
      </div>
    </div>
  );
}
