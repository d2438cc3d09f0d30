/**
 * The in-page probe, installed by an init script before any page script runs. Times are
 * `performance.now()`, i.e. ms since the document's navigation start (timeOrigin).
 *
 * "Painted" = the condition became true in a DOM mutation, then the next animation frame ran,
 * then a message posted from that frame's callback was delivered: that task runs after the
 * frame has been rendered. Written as plain JavaScript source (not a serialised TypeScript
 * function) so no transpiler helper can leak into the page.
 */

/** What the probe resolves with. */
export interface Painted {
  /**
   * The input's `timeStamp` when the watch waited for one, else null: the first pointerdown or
   * keydown after arming (the start of the interaction, as INP counts it; Radix tabs, for one,
   * switch on pointerdown already).
   */
  inputAt: number | null;
  /** When the condition was first seen true in the DOM. */
  domAt: number;
  /** After the next frame: the figure. */
  paintedAt: number;
}

/** `window.__bench.pageOneTiming()`: the first screen's GET /v1/jobs?page=1, from resource timing. */
export interface PageOneTiming {
  responseEnd: number;
  decodedBodySize: number;
}

/** Conditions the probe can wait for (see CONDITIONS below). */
export type Condition = (
  | { kind: 'firstRow' }
  | { kind: 'firstRowNot'; text: string }
  | { kind: 'count'; selector: string; min: number }
  | { kind: 'editorReady'; zones: number }
  | { kind: 'inputValue'; selector: string; value: string }
) & {
  /** Animation frames to let run after the condition holds (default 1). */
  frames?: number;
};

/**
 * The branch editor's map is ready: when the map exposes its state (`data-map-state` on its
 * container), that state is "idle"; otherwise (no hook yet) the zone panel lists `zones`
 * zones, the map canvas is in the page and the map's "Loading map" status is gone.
 */
const EDITOR_READY = `(c) => {
    const hooked = document.querySelector('[data-map-state]');
    if (hooked) return hooked.getAttribute('data-map-state') === 'idle';
    return document.querySelectorAll('section[aria-label="Zones"] ol > li').length >= c.zones
      && document.querySelector('canvas') !== null
      && document.querySelector('[role="status"][aria-label="Loading map"]') === null;
  }`;

/**
 * The jobs screen's operations map has drawn what it was last given: its map's container
 * (`[data-ops-map]`) is idle and has been handed data (`data-map-data`, counted by PointsMap),
 * and that count is not `not` (a change after the one seen before).
 */
export function opsMapDrawn(not?: string): string {
  return `[data-ops-map] [data-map-state="idle"][data-map-data]${not === undefined ? '' : `:not([data-map-data="${not}"])`}`;
}

/** The first data row of the jobs table (the app's, or a static copy's): a row of the table in the "Jobs" region. */
export const FIRST_ROW_SELECTOR = 'section[aria-label="Jobs"] table tbody tr:not([aria-hidden])';

export const SESSION_TOKEN_KEY = 'dispatch.token';

/** `watchFromStart`: a condition watched from navigation start (read with `window.__bench.result()`). */
export function probeSource(token: string, watchFromStart?: Condition): string {
  return `(() => {
  try { sessionStorage.setItem(${JSON.stringify(SESSION_TOKEN_KEY)}, ${JSON.stringify(token)}); } catch {}
  const FIRST_ROW = ${JSON.stringify(FIRST_ROW_SELECTOR)};
  const firstRow = () => document.querySelector(FIRST_ROW);
  const CONDITIONS = {
    firstRow: () => firstRow() !== null,
    firstRowNot: (c) => { const row = firstRow(); return row !== null && row.textContent !== c.text; },
    count: (c) => document.querySelectorAll(c.selector).length >= c.min,
    editorReady: ${EDITOR_READY},
    inputValue: (c) => { const el = document.querySelector(c.selector); return el !== null && el.value === c.value; },
  };
  const afterFrames = (frames, resolve) => requestAnimationFrame(() => {
    if (frames > 1) return afterFrames(frames - 1, resolve);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
  /** Resolves once the condition holds (after an input event when afterInput). */
  const watch = (condition, afterInput) => new Promise((resolve) => {
    const test = CONDITIONS[condition.kind];
    let inputAt = null;
    let done = false;
    const onInput = (event) => { if (inputAt === null) inputAt = event.timeStamp; check(); };
    const check = () => {
      if (done || (afterInput && inputAt === null) || !document.documentElement || !test(condition)) return;
      done = true;
      observer.disconnect();
      removeEventListener('pointerdown', onInput, true);
      removeEventListener('keydown', onInput, true);
      removeEventListener('input', check, true);
      const domAt = performance.now();
      afterFrames(condition.frames || 1, (paintedAt) => resolve({ inputAt, domAt, paintedAt }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    if (afterInput) {
      addEventListener('pointerdown', onInput, true);
      addEventListener('keydown', onInput, true);
      // A field's value is no DOM mutation: typed text is seen at its input event (captured
      // first, so the frame waited for comes after the page's own handlers of that event).
      addEventListener('input', check, true);
    }
    check();
  });
  let armed = ${watchFromStart ? `watch(${JSON.stringify(watchFromStart)}, false)` : 'null'};
  window.__bench = {
    firstRows: watch({ kind: 'firstRow' }, false),
    arm(condition) { armed = watch(condition, true); return true; },
    /** Watches for a condition brought about by the page itself (an auto-refresh), no input awaited. */
    armPassive(condition) { armed = watch(condition, false); return true; },
    result() { return armed; },
    firstRowText() { const row = firstRow(); return row ? row.textContent : null; },
    /** Resource timing of GET /v1/jobs?page=1 (the first screen's page), or null. */
    pageOneTiming() {
      const e = performance.getEntriesByType('resource').find((r) => /\\/v1\\/jobs\\?(.*&)?page=1(&|$)/.test(r.name));
      return e ? { responseEnd: e.responseEnd, decodedBodySize: e.decodedBodySize } : null;
    },
  };
})();`;
}
