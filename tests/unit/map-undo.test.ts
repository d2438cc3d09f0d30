import { describe, expect, it } from 'vitest';
import { historyReducer, initialHistory, type History, type HistoryAction } from '../../src/map/history';

function run<T>(start: T, actions: HistoryAction<T>[], cap?: number): History<T> {
  return actions.reduce((state, action) => historyReducer(state, action, cap), initialHistory(start));
}

describe('undo/redo history reducer', () => {
  it('starts with nothing to undo or redo', () => {
    expect(initialHistory('a')).toEqual({ past: [], present: 'a', future: [], lastKey: null });
  });

  it('push: a commit moves the present into the past', () => {
    const state = run('a', [
      { type: 'commit', next: 'b' },
      { type: 'commit', next: 'c' },
    ]);
    expect(state.past).toEqual(['a', 'b']);
    expect(state.present).toBe('c');
    expect(state.future).toEqual([]);
  });

  it('a commit of the present itself records nothing', () => {
    const start = initialHistory('a');
    expect(historyReducer(start, { type: 'commit', next: 'a' })).toBe(start);
  });

  it('undo returns to the previous snapshot, redo forward again', () => {
    const edited = run('a', [
      { type: 'commit', next: 'b' },
      { type: 'commit', next: 'c' },
    ]);
    const undone = historyReducer(edited, { type: 'undo' });
    expect(undone).toMatchObject({ past: ['a'], present: 'b', future: ['c'] });
    const undoneTwice = historyReducer(undone, { type: 'undo' });
    expect(undoneTwice).toMatchObject({ past: [], present: 'a', future: ['b', 'c'] });
    const redone = historyReducer(undoneTwice, { type: 'redo' });
    expect(redone).toMatchObject({ past: ['a'], present: 'b', future: ['c'] });
    expect(historyReducer(redone, { type: 'redo' })).toMatchObject({
      past: ['a', 'b'],
      present: 'c',
      future: [],
    });
  });

  it('undo with no past and redo with no future change nothing (same state object)', () => {
    const start = initialHistory('a');
    expect(historyReducer(start, { type: 'undo' })).toBe(start);
    expect(historyReducer(start, { type: 'redo' })).toBe(start);
  });

  it('a new edit after undo clears the redo stack', () => {
    const state = run('a', [
      { type: 'commit', next: 'b' },
      { type: 'commit', next: 'c' },
      { type: 'undo' },
      { type: 'commit', next: 'x' },
    ]);
    expect(state).toMatchObject({ past: ['a', 'b'], present: 'x', future: [] });
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
  });

  it('is capped: the oldest snapshots are dropped', () => {
    const commits = Array.from({ length: 10 }, (_, i): HistoryAction<number> => ({
      type: 'commit',
      next: i + 1,
    }));
    const state = run(0, commits, 3);
    expect(state.past).toEqual([7, 8, 9]);
    expect(state.present).toBe(10);
    const bottom = run(
      0,
      [...commits, { type: 'undo' }, { type: 'undo' }, { type: 'undo' }, { type: 'undo' }],
      3,
    );
    expect(bottom.present).toBe(7);
    expect(bottom.past).toEqual([]);
  });

  it('the default cap is 100 steps', () => {
    const commits = Array.from({ length: 150 }, (_, i): HistoryAction<number> => ({
      type: 'commit',
      next: i + 1,
    }));
    const state = run(0, commits);
    expect(state.past).toHaveLength(100);
    expect(state.past[0]).toBe(50);
  });

  it('commits with the same key in a row are one step (typing a name)', () => {
    const state = run('', [
      { type: 'commit', next: 'N', key: 'name:z1' },
      { type: 'commit', next: 'No', key: 'name:z1' },
      { type: 'commit', next: 'Nor', key: 'name:z1' },
    ]);
    expect(state).toMatchObject({ past: [''], present: 'Nor' });
    expect(historyReducer(state, { type: 'undo' })).toMatchObject({ past: [], present: '', future: ['Nor'] });
  });

  it('a different key, an unkeyed commit or an undo ends the merged step', () => {
    const state = run('', [
      { type: 'commit', next: 'a', key: 'name:z1' },
      { type: 'commit', next: 'ab', key: 'name:z2' },
      { type: 'commit', next: 'abc' },
      { type: 'commit', next: 'abcd', key: 'name:z2' },
    ]);
    expect(state.past).toEqual(['', 'a', 'ab', 'abc']);
    const afterUndo = run('', [
      { type: 'commit', next: 'a', key: 'k' },
      { type: 'undo' },
      { type: 'redo' },
      { type: 'commit', next: 'ab', key: 'k' },
    ]);
    expect(afterUndo.past).toEqual(['', 'a']);
  });

  it('sync adopts an outside value without a step; undo goes back past it', () => {
    const state = run('a', [
      { type: 'commit', next: 'b' },
      { type: 'sync', value: 'B (normalised)' },
    ]);
    expect(state).toMatchObject({ past: ['a'], present: 'B (normalised)', future: [] });
    expect(historyReducer(state, { type: 'undo' })).toMatchObject({
      present: 'a',
      future: ['B (normalised)'],
    });
    expect(historyReducer(state, { type: 'sync', value: 'B (normalised)' })).toBe(state);
  });

  it('reset forgets the history', () => {
    const state = run('a', [{ type: 'commit', next: 'b' }, { type: 'undo' }, { type: 'reset', value: 'z' }]);
    expect(state).toEqual(initialHistory('z'));
  });

  it('does not mutate the previous state', () => {
    const before = run('a', [{ type: 'commit', next: 'b' }]);
    const snapshot = structuredClone(before);
    historyReducer(before, { type: 'commit', next: 'c' });
    historyReducer(before, { type: 'undo' });
    expect(before).toEqual(snapshot);
  });
});
