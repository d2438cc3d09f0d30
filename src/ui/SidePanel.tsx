import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import s from './ui.module.css';

/**
 * A non-modal panel beside the content (a complementary landmark named by its title): the page
 * stays usable while it is open. Esc closes it unless something else handled the key first (a
 * field, a popover, a dialog). Its body scrolls back to the top when `contentKey` changes.
 */
export function SidePanel({
  title,
  description,
  onClose,
  closeLabel,
  contentKey,
  className,
  children,
  ...rest
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  /** Accessible name of the close button. */
  closeLabel: string;
  contentKey?: string | number;
  className?: string;
  children: ReactNode;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const descriptionId = useId();
  const body = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    body.current?.scrollTo?.({ top: 0 });
  }, [contentKey]);

  return (
    <aside
      className={[s.sidePanel, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      {...rest}
    >
      <div className={s.drawerHeader}>
        <div className={s.drawerHeading}>
          <h2 id={titleId} className={s.drawerTitle}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className={s.drawerDescription}>
              {description}
            </p>
          )}
        </div>
        <Button variant="ghost" aria-label={closeLabel} title={t`Close (Esc)`} onClick={onClose}>
          ✕
        </Button>
      </div>
      <div ref={body} className={s.drawerBody}>
        {children}
      </div>
    </aside>
  );
}
