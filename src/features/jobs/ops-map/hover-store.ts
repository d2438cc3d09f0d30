/**
 * The job under the pointer or the keyboard in the table, for the map to highlight: a small
 * store outside React state, so hovering rows re-renders the map alone, not the screen.
 */
export type HoverStore = {
  get: () => number | null;
  set: (jobId: number | null) => void;
  subscribe: (onChange: () => void) => () => void;
};

export function createHoverStore(): HoverStore {
  let current: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(jobId) {
      if (jobId === current) return;
      current = jobId;
      for (const listener of listeners) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
