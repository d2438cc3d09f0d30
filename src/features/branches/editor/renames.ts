import { readStoredJson, writeStoredJson } from '../../../lib/storage';

/**
 * Renames done in this tab (old id -> new id), so that Back to the old URL after a rename
 * can say where the branch went instead of a bare "not found". Session-scoped on purpose.
 */
const KEY = 'dispatch.branchRenames';

function read(): Record<string, string> {
  const stored = readStoredJson('session', KEY);
  return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
}

export function recordRename(oldId: string, newId: string): void {
  const map = read();
  map[oldId] = newId;
  // A branch renamed back to an old id is found again under it.
  delete map[newId];
  writeStoredJson('session', KEY, map);
}

/** The id a branch was renamed to in this tab, following chains (A -> B -> C gives C). */
export function renamedTo(id: string): string | null {
  const map = read();
  let current = id;
  const seen = new Set<string>();
  while (map[current] && !seen.has(current)) {
    seen.add(current);
    current = map[current]!;
  }
  return current === id ? null : current;
}
