import { useLingui } from '@lingui/react/macro';
import { describeStatus, useConfig } from '../config';
import { Badge } from '../ui';

/**
 * A status's label from the runtime dictionary (docs/design.md, decision 4): the code itself in
 * the hover text, not beside the label ("In transit", not "In transit 6"). A code the
 * dictionary lacks reads "Status 99", so it is never hidden.
 */
export function StatusBadge({ code }: { code: number }) {
  const { t } = useLingui();
  const config = useConfig();
  const info = describeStatus(config, code);
  return (
    <Badge
      tone={info.tone}
      title={info.known ? t`Status code ${code}` : t`Status code ${code} is not in the dictionary`}
    >
      {info.label}
    </Badge>
  );
}
