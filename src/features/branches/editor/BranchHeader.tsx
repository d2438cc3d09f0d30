import { Link } from '@tanstack/react-router';
import type { Branch } from '../../../contract';
import { Badge, formatDateTime } from '../../../ui';
import s from '../branches.module.css';

/** The branch editor's heading: the way back to the list, the branch's name and state, when it was last saved. */
export function BranchHeader({ branch }: { branch: Branch }) {
  return (
    <div className={s.pageHeader}>
      <div className={s.pageTitleBlock}>
        <nav className={s.crumbs} aria-label="Breadcrumb">
          <Link to="/branches" activeOptions={{ exact: true }}>
            Branches
          </Link>
          <span aria-hidden="true">/</span>
          <span className={s.mono} aria-current="page">
            {branch.id}
          </span>
        </nav>
        <h1 className={s.title}>
          {branch.name || 'Unnamed branch'}
          {branch.active ? <Badge tone="success">Active</Badge> : <Badge tone="muted">Inactive</Badge>}
        </h1>
        <p className={s.meta}>
          Last saved {formatDateTime(branch.updated_at)}
          {branch.updated_by?.user_name ? ` by ${branch.updated_by.user_name}` : ''}
          {branch.time_zone ? ` · Time zone ${branch.time_zone}` : ''}
        </p>
      </div>
    </div>
  );
}
