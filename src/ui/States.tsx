import type { CSSProperties, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import { numberFormat } from '../lib/count';
import s from './ui.module.css';

export function Skeleton({
  width = '100%',
  height,
  style,
}: {
  width?: string | number;
  height?: number;
  style?: CSSProperties;
}) {
  return <span className={s.skeleton} style={{ width, height, ...style }} aria-hidden="true" />;
}

/** A screen's place while its code loads: a few grey lines and, for screen readers, what loads. */
export function PageSkeleton({ label, lines = 8 }: { label: string; lines?: number }) {
  return (
    <div style={{ padding: 'var(--space-4)', display: 'grid', gap: 'var(--space-3)' }} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={20} />
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={s.state} role="status">
      <div className={s.stateTitle}>{title}</div>
      {children && <div>{children}</div>}
      {actions && <div className={s.stateActions}>{actions}</div>}
    </div>
  );
}

export function ErrorState({
  title,
  message,
  onRetry,
  retrying,
  actions,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className={`${s.state} ${s.stateError}`} role="alert">
      <div className={s.stateTitle}>{title ?? t`Something went wrong`}</div>
      <div>{message}</div>
      <div className={s.stateActions}>
        {onRetry && (
          <Button variant="primary" onClick={onRetry} disabled={retrying}>
            {retrying ? t`Retrying…` : t`Retry`}
          </Button>
        )}
        {actions}
      </div>
    </div>
  );
}

export function Banner({
  tone = 'info',
  children,
  actions,
  role,
}: {
  tone?: 'info' | 'warning' | 'danger';
  children: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      className={`${s.banner} ${s[`banner-${tone}`]}`}
      role={role ?? (tone === 'danger' ? 'alert' : 'status')}
    >
      <div className={s.bannerBody}>{children}</div>
      {actions}
    </div>
  );
}

export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const percent = numberFormat({ style: 'percent' }).format(pct / 100);
  return (
    <div
      className={s.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={percent}
    >
      <div className={s.progressBar} style={{ width: `${pct}%` }} />
    </div>
  );
}
