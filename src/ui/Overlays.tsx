import { Suspense, useState, type ReactNode } from 'react';
import { preloadable } from './preloadable';

/*
 * Drawer and ConfirmDialog load Radix Dialog (focus trap, scroll lock, dismissable layer)
 * only when first opened: none of it is needed to show the first rows of the jobs table.
 * `preloadOverlays()` starts the download early (on a row's hover or focus).
 */
const load = () => import('./OverlaysImpl');
const DrawerImpl = preloadable(() => load().then((m) => m.DrawerImpl));
const ConfirmDialogImpl = preloadable(() => load().then((m) => m.ConfirmDialogImpl));

export function preloadOverlays(): Promise<unknown> {
  return Promise.all([DrawerImpl.preload(), ConfirmDialogImpl.preload()]);
}

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  destructive?: boolean;
  extraActions?: ReactNode;
};

/** Renders nothing until first opened, then stays mounted so closing and reopening are instant. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A side drawer with focus trap, Esc to close and an accessible title (Radix Dialog). */
export function Drawer(props: DrawerProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DrawerImpl {...props} />
    </Suspense>
  );
}

/** A modal dialog for a decision; returns through onConfirm / onCancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogImpl {...props} />
    </Suspense>
  );
}
