import type { ConfirmDialogProps, DrawerProps } from './Overlays';
import { Dialog, AlertDialog } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import s from './ui.module.css';

/** (Loaded on demand through Overlays.tsx.) A side drawer with focus trap, Esc to close and an accessible title (Radix Dialog). */
export function DrawerImpl({ open, onOpenChange, title, description, actions, children }: DrawerProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.drawer}>
          <div className={s.drawerHeader}>
            <div className={s.drawerHeading}>
              <Dialog.Title className={s.drawerTitle}>{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={s.drawerDescription}>{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="visually-hidden">
                  <Trans>Details</Trans>
                </Dialog.Description>
              )}
            </div>
            {actions}
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t`Close`} title={t`Close (Esc)`}>
                ✕
              </Button>
            </Dialog.Close>
          </div>
          <div className={s.drawerBody}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A modal dialog for a decision; returns through onConfirm / onCancel. */
export function ConfirmDialogImpl({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive,
  extraActions,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={s.overlay} />
        <AlertDialog.Content className={s.dialog}>
          <AlertDialog.Title className={s.dialogTitle}>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className={s.dialogDescription}>{children}</div>
          </AlertDialog.Description>
          <div className={s.dialogActions}>
            {extraActions}
            <AlertDialog.Cancel asChild>
              <Button onClick={onCancel}>{cancelLabel ?? t`Cancel`}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
