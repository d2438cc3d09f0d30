import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_HISTORY_CAP, historyReducer, initialHistory, sameJson, type History, type HistoryAction } from './history';

export type UndoableValue<T> = {
  /** Records the next value and emits it through `onChange`. Same `key` in a row: one step. */
  commit(next: T, key?: string): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
};

/**
 * Undo/redo for a controlled value: the caller keeps owning `value`; every change goes out
 * through `onChange`. A value that changes from outside becomes the present without a step
 * (undo then returns to the snapshot before it). A value equal to the present (`isEqual`; the
 * parent handed back a copy of what was emitted) changes nothing, so bursts keep merging.
 */
export function useUndoableValue<T>(
  value: T,
  onChange: (next: T) => void,
  cap = DEFAULT_HISTORY_CAP,
  isEqual: (a: T, b: T) => boolean = sameJson,
): UndoableValue<T> {
  const stateRef = useRef<History<T>>(initialHistory(value));
  const onChangeRef = useRef(onChange);
  const [counts, setCounts] = useState({ undo: 0, redo: 0 });

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  useLayoutEffect(() => {
    const state = stateRef.current;
    if (value === state.present) return;
    // An equal copy takes the present's place without ending a burst of merged commits.
    stateRef.current = isEqual(value, state.present) ? { ...state, present: value } : historyReducer(state, { type: 'sync', value }, cap);
  }, [value, cap, isEqual]);

  const dispatch = useCallback(
    (action: HistoryAction<T>) => {
      const before = stateRef.current;
      const after = historyReducer(before, action, cap);
      if (after === before) return;
      stateRef.current = after;
      setCounts({ undo: after.past.length, redo: after.future.length });
      if (after.present !== before.present) onChangeRef.current(after.present);
    },
    [cap],
  );

  const commit = useCallback((next: T, key?: string) => dispatch({ type: 'commit', next, ...(key ? { key } : {}) }), [dispatch]);
  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  return { commit, undo, redo, canUndo: counts.undo > 0, canRedo: counts.redo > 0 };
}
