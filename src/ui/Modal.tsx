import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import s from './ui.module.css';

/**
 * A modal dialog for content longer than a confirmation (a review, a comparison): focus
 * trapped, Esc and the overlay close it unless `dismissible` is false, title and description
 * named for screen readers.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  dismissible = true,
  width = 'md',
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  dismissible?: boolean;
  width?: 'md' | 'lg';
  /**
   * Where the focus goes when the dialog closes, for a dialog opened without a trigger of its
   * own (mounted on demand): the control that opened it. Otherwise Radix returns it.
   */
  returnFocusTo?: HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o || dismissible ? onOpenChange(o) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={`${s.dialog} ${width === 'lg' ? s.dialogLarge : ''}`}
          onEscapeKeyDown={(e) => (!dismissible ? e.preventDefault() : undefined)}
          onPointerDownOutside={(e) => (!dismissible ? e.preventDefault() : undefined)}
          onCloseAutoFocus={(e) => {
            if (returnFocusTo?.isConnected) {
              e.preventDefault();
              returnFocusTo.focus();
            }
          }}
        >
          <Dialog.Title className={s.dialogTitle}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className={s.dialogDescription}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
          {actions && <div className={s.dialogActions}>{actions}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
