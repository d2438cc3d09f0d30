/**
 * The jobs screen's choices remembered per browser (localStorage, through src/lib/storage.ts,
 * which never throws: when storage is blocked or full a choice lasts for this page only):
 * display preferences, not filters (those live in the URL).
 */
import { readStored, readStoredJson, writeStored, writeStoredJson } from '../lib/storage';

export type SwitchSetting = { load: () => boolean; save: (on: boolean) => void };

/** An on/off choice kept under `key`; `fallback` until one is made (or when storage is blocked). */
function storedSwitch(key: string, fallback: boolean): SwitchSetting {
  return {
    load() {
      const value = readStored('local', key);
      return value === 'on' ? true : value === 'off' ? false : fallback;
    },
    save(on) {
      writeStored('local', key, on ? 'on' : 'off');
    },
  };
}

/** Auto-refresh of the table: on unless turned off. */
export const autoRefreshSetting = storedSwitch('dispatch.jobs.autoRefresh', true);

/** "All times in my zone": off unless turned on (each time shows in its branch's zone). */
export const viewerZoneSetting = storedSwitch('dispatch.jobs.viewerZone', false);

const VISIBILITY_KEY = 'dispatch.jobs.columns';

/** The column chooser's choice; unreadable values are ignored. */
export function loadColumnVisibility(): Record<string, boolean> {
  const stored = readStoredJson('local', VISIBILITY_KEY);
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
  );
}

export function saveColumnVisibility(state: Record<string, boolean>): void {
  writeStoredJson('local', VISIBILITY_KEY, state);
}

const SPLIT_KEY = 'dispatch.jobs.mapSplit';

/** The table's share (percent) of the width it has with the map beside it; 50 until moved. */
export const splitSetting = {
  load(): number {
    const value = Number(readStored('local', SPLIT_KEY));
    return value >= 25 && value <= 75 ? value : 50;
  },
  save(share: number): void {
    writeStored('local', SPLIT_KEY, String(share));
  },
};
