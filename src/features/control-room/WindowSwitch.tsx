import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Segmented } from '../../ui';
import type { WindowChoice } from './control-room-search';
import { ROLLING_DAYS, ROLLING_HOURS } from './window';

/** The control room's window switch: today, the last 24 hours, 7 days or a custom range (counts in the chosen digits). */
export function WindowSwitch({
  value,
  onChange,
}: {
  value: WindowChoice;
  onChange: (window: WindowChoice) => void;
}) {
  const { t } = useLingui();
  const hours = ROLLING_HOURS;
  const days = ROLLING_DAYS;
  return (
    <Segmented
      label={t`Window`}
      value={value}
      options={[
        { value: 'today', label: t`Today` },
        { value: '24h', label: t`${plural(hours, { other: 'Last # h' })}` },
        { value: '7d', label: t`${plural(days, { one: '# day', other: '# days' })}` },
        { value: 'custom', label: t`Custom` },
      ]}
      onChange={onChange}
    />
  );
}
