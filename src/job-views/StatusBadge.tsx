import { describeStatus, useConfig } from '../config';
import { Badge } from '../ui';

/** Label from the runtime dictionary, then the raw code (docs/design.md, decision 4). */
export function StatusBadge({ code }: { code: number }) {
  const config = useConfig();
  const info = describeStatus(config, code);
  return (
    <Badge
      tone={info.tone}
      code={code}
      title={info.known ? `Status code ${code}` : `Status code ${code} is not in the dictionary`}
    >
      {info.label}
    </Badge>
  );
}
