import { Trans } from '@lingui/react/macro';
import { Skeleton } from '../../../ui';
import s from '../layout.module.css';

/** The editor's shape while its code or its branch loads. */
export function EditorSkeleton({ id }: { id: string }) {
  return (
    <div className={s.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>
          Loading branch <bdi>{id}</bdi>…
        </Trans>
      </p>
      <div className={s.pageHeader}>
        <div className={s.pageTitleBlock}>
          <Skeleton width={160} height={12} />
          <Skeleton width={280} height={22} style={{ marginTop: 8 }} />
        </div>
      </div>
      <div className={s.grid}>
        {[0, 1].map((k) => (
          <div key={k} className={s.card}>
            <Skeleton width={100} height={14} />
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton width="60%" height={32} />
          </div>
        ))}
      </div>
      <div className={s.card}>
        <Skeleton width={100} height={14} />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
    </div>
  );
}
