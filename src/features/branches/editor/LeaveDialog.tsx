import { Button, ConfirmDialog } from '../../../ui';

/**
 * Leaving the editor, or signing out, with unsaved changes: stay, discard them, or (leaving
 * only: signing out removes the drafts) keep them as a draft to come back to.
 */
export function LeaveDialog({
  open,
  signingOut,
  branchId,
  onStay,
  onDiscard,
  onKeepDraft,
}: {
  open: boolean;
  signingOut: boolean;
  branchId: string;
  onStay: () => void;
  onDiscard: () => void;
  onKeepDraft: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={signingOut ? 'Sign out without saving?' : 'Leave without saving?'}
      confirmLabel={signingOut ? 'Discard and sign out' : 'Discard and leave'}
      cancelLabel="Stay"
      destructive
      onConfirm={onDiscard}
      onCancel={onStay}
      extraActions={signingOut ? undefined : <Button onClick={onKeepDraft}>Keep draft and leave</Button>}
    >
      {signingOut
        ? `Branch ${branchId} has unsaved changes. Signing out removes them from this browser, draft included. Stay to review and save them first.`
        : `Branch ${branchId} has unsaved changes. Stay to review and save them, keep them as a draft in this browser to come back to, or discard them.`}
    </ConfirmDialog>
  );
}
