/**
 * The jobs screen's choices remembered per browser (localStorage): display preferences, not
 * filters (those live in the URL).
 */

const AUTO_KEY = 'dispatch.jobs.autoRefresh';

/** The auto-refresh switch: on unless turned off. */
export function loadAutoRefresh(): boolean {
  try {
    return localStorage.getItem(AUTO_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveAutoRefresh(on: boolean): void {
  try {
    localStorage.setItem(AUTO_KEY, on ? 'on' : 'off');
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
}

const ZONE_KEY = 'dispatch.jobs.viewerZone';

/** The "all times in my zone" switch: off unless turned on (times show in their branch's zone). */
export function loadViewerZone(): boolean {
  try {
    return localStorage.getItem(ZONE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveViewerZone(on: boolean): void {
  try {
    localStorage.setItem(ZONE_KEY, on ? 'on' : 'off');
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
}

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
