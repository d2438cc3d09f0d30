import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={signingOut ? t`Sign out without saving?` : t`Leave without saving?`}
      confirmLabel={signingOut ? t`Discard and sign out` : t`Discard and leave`}
      cancelLabel={t`Stay`}
      destructive
      onConfirm={onDiscard}
      onCancel={onStay}
      extraActions={
        signingOut ? undefined : (
          <Button onClick={onKeepDraft}>
            <Trans>Keep draft and leave</Trans>
          </Button>
        )
      }
    >
      {signingOut ? (
        <Trans>
          Branch <bdi>{branchId}</bdi> has unsaved changes. Signing out removes them from this browser, draft
          included. Stay to review and save them first.
        </Trans>
      ) : (
        <Trans>
          Branch <bdi>{branchId}</bdi> has unsaved changes. Stay to review and save them, keep them as a draft
          in this browser to come back to, or discard them.
        </Trans>
      )}
    </ConfirmDialog>
  );
}
