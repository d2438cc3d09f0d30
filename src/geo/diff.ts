import type { Position, ZoneFeatureInput } from '../contract';
import { polygonAreaKm2 } from './area';
import { zoneName, type ZoneCollectionLike } from './collection';
import { normalizeZones } from './normalize';
import { ringCorners, samePosition } from './ring';

export type ZoneSummary = { id: string; name: string | null; areaKm2: number };

export type ZoneDiff = {
  added: ZoneSummary[];
  removed: ZoneSummary[];
  reshaped: { id: string; name: string | null; areaBeforeKm2: number; areaAfterKm2: number }[];
  renamed: { id: string; from: string | null; to: string | null }[];
};

/**
 * What changed between two versions of a branch's zones, for the editor's review step.
 * Both sides are normalised first and zones are matched by id; a zone whose rings describe
 * the same outlines (even starting from another corner) is not "reshaped". Features without
 * an id get positional ids (`unsaved-1`, ...) on each side. Changes to properties other than
 * `name`, and to the order of zones, are not reported.
 */
export function zoneDiff(
  before: ZoneCollectionLike | null | undefined,
  after: ZoneCollectionLike | null | undefined,
): ZoneDiff {
  const old = normalized(before);
  const next = normalized(after);
  const oldById = new Map(old.map((f) => [f.id, f]));
  const nextIds = new Set(next.map((f) => f.id));
  const diff: ZoneDiff = { added: [], removed: [], reshaped: [], renamed: [] };

  for (const zone of next) {
    const previous = oldById.get(zone.id);
    if (!previous) {
      diff.added.push(summary(zone));
      continue;
    }
    const name = zoneName(zone.properties);
    const previousName = zoneName(previous.properties);
    if (!sameShape(previous.geometry.coordinates, zone.geometry.coordinates)) {
      diff.reshaped.push({
        id: zone.id,
        name,
        areaBeforeKm2: polygonAreaKm2(previous.geometry.coordinates),
        areaAfterKm2: polygonAreaKm2(zone.geometry.coordinates),
      });
    }
    if (name !== previousName) diff.renamed.push({ id: zone.id, from: previousName, to: name });
  }
  diff.removed = old.filter((f) => !nextIds.has(f.id)).map(summary);
  return diff;
}

export function isZoneDiffEmpty(diff: ZoneDiff): boolean {
  return !diff.added.length && !diff.removed.length && !diff.reshaped.length && !diff.renamed.length;
}

function normalized(fc: ZoneCollectionLike | null | undefined): ZoneFeatureInput[] {
  let n = 0;
  return normalizeZones(fc ?? { features: [] }, { generateId: () => `unsaved-${++n}` }).features;
}

function summary(zone: ZoneFeatureInput): ZoneSummary {
  return { id: zone.id, name: zoneName(zone.properties), areaKm2: polygonAreaKm2(zone.geometry.coordinates) };
}

function sameShape(a: readonly Position[][], b: readonly Position[][]): boolean {
  return a.length === b.length && a.every((ring, i) => sameCycle(ringCorners(ring), ringCorners(b[i]!)));
}

/** Same corners in the same order, whichever corner each list starts from. */
function sameCycle(a: readonly Position[], b: readonly Position[]): boolean {
  if (a.length !== b.length) return false;
  const [start] = a;
  if (start === undefined) return true;
  for (let offset = 0; offset < b.length; offset++) {
    if (!samePosition(start, b[offset]!)) continue;
    if (a.every((p, i) => samePosition(p, b[(i + offset) % b.length]!))) return true;
  }
  return false;
}
