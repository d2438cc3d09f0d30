import { Trans } from '@lingui/react/macro';
import { Badge } from '../../../ui';

/** A branch's state as the list and the editor's header show it: active, or inactive. */
export function BranchStateBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge tone="success">
      <Trans>Active</Trans>
    </Badge>
  ) : (
    <Badge tone="muted">
      <Trans>Inactive</Trans>
    </Badge>
  );
}
