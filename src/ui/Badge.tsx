import type { ReactNode } from 'react';
import s from './ui.module.css';

export type Tone = 'neutral' | 'info' | 'accent' | 'success' | 'warning' | 'danger' | 'muted';

/** A status badge: label first, raw code after (never colour alone). */
export function Badge({
  tone = 'neutral',
  children,
  code,
  title,
}: {
  tone?: Tone;
  children: ReactNode;
  code?: ReactNode;
  title?: string;
}) {
  return (
    <span className={`${s.badge} ${s[`tone-${tone}`]}`} title={title}>
      {children}
      {code !== undefined && <span className={s.badgeCode}>{code}</span>}
    </span>
  );
}
