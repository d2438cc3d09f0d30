/**
 * Undo/redo over snapshots of a value (pure; the zone editor's controller keeps one).
 *
 * `present` mirrors the controlled value. A commit pushes the present onto `past` and clears
 * `future`; commits with the same `key` in a row (typing in one name field) replace the present
 * instead, so one undo takes the whole burst back. `sync` adopts a value that changed outside
 * (the form normalised it, a reset) without recording a step.
 */
export type History<T> = {
  past: T[];
  present: T;
  future: T[];
  /** Key of the last commit, while commits with that key may still merge into it. */
  lastKey: string | null;
};

export type HistoryAction<T> =
  | { type: 'commit'; next: T; key?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'sync'; value: T }
  | { type: 'reset'; value: T };

export const DEFAULT_HISTORY_CAP = 100;

export function initialHistory<T>(value: T): History<T> {
  return { past: [], present: value, future: [], lastKey: null };
}

export function historyReducer<T>(
  state: History<T>,
  action: HistoryAction<T>,
  cap = DEFAULT_HISTORY_CAP,
): History<T> {
  switch (action.type) {
    case 'commit': {
      if (action.next === state.present) return state;
      const key = action.key ?? null;
      if (key !== null && key === state.lastKey) {
        return { past: state.past, present: action.next, future: [], lastKey: key };
      }
      return {
        past: [...state.past, state.present].slice(-cap),
        present: action.next,
        future: [],
        lastKey: key,
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (state.past.length === 0) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous as T,
        future: [state.present, ...state.future].slice(0, cap),
        lastKey: null,
      };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [next, ...rest] = state.future;
      return {
        past: [...state.past, state.present].slice(-cap),
        present: next as T,
        future: rest,
        lastKey: null,
      };
    }
    case 'sync':
      return action.value === state.present ? state : { ...state, present: action.value, lastKey: null };
    case 'reset':
      return initialHistory(action.value);
  }
}

/**
 * Deep equality of JSON-like values (objects, arrays, numbers, strings...). The controlled
 * value often comes back as a copy of what was emitted (react-hook-form clones watched values):
 * such a copy is not a change from outside.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
