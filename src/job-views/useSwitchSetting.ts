import { useCallback, useState } from 'react';
import type { SwitchSetting } from './settings';

/** A switch remembered per browser (settings.ts): its value and its setter. */
export function useSwitchSetting(setting: SwitchSetting): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(setting.load);
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      setting.save(value);
    },
    [setting],
  );
  return [on, set];
}
