/**
 * The jobs screen's choices remembered per browser (localStorage): display preferences, not
 * filters (those live in the URL).
 */

export type SwitchSetting = { load: () => boolean; save: (on: boolean) => void };

/** An on/off choice kept under `key`; `fallback` until one is made (or when storage is blocked). */
function storedSwitch(key: string, fallback: boolean): SwitchSetting {
  return {
    load() {
      try {
        const value = localStorage.getItem(key);
        return value === 'on' ? true : value === 'off' ? false : fallback;
      } catch {
        return fallback;
      }
    },
    save(on) {
      try {
        localStorage.setItem(key, on ? 'on' : 'off');
      } catch {
        /* storage full or blocked: the choice lasts for this page only */
      }
    },
  };
}

/** Auto-refresh of the table: on unless turned off. */
export const autoRefreshSetting = storedSwitch('dispatch.jobs.autoRefresh', true);

/** "All times in my zone": off unless turned on (each time shows in its branch's zone). */
export const viewerZoneSetting = storedSwitch('dispatch.jobs.viewerZone', false);

const VISIBILITY_KEY = 'dispatch.jobs.columns';

/** The column chooser's choice, remembered per browser (localStorage); unreadable values are ignored. */
export function loadColumnVisibility(): Record<string, boolean> {
  try {
    const raw = localStorage.getItem(VISIBILITY_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

export function saveColumnVisibility(state: Record<string, boolean>): void {
  try {
    localStorage.setItem(VISIBILITY_KEY, JSON.stringify(state));
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
}

/** The table's share (percent) of the width it has with the map beside it; 50 until moved. */
export const splitSetting = {
  load(): number {
    try {
      const value = Number(localStorage.getItem('dispatch.jobs.mapSplit'));
      return value >= 25 && value <= 75 ? value : 50;
    } catch {
      return 50;
    }
  },
  save(share: number): void {
    try {
      localStorage.setItem('dispatch.jobs.mapSplit', String(share));
    } catch {
      /* storage full or blocked: the choice lasts for this page only */
    }
  },
};
