/**
 * Overlaps between branches' zones, off the main thread (polygon clipping of a thousand zones
 * takes a few hundred milliseconds): receives `OwnedPolygon[]`, answers `CrossOverlap[]`.
 */
import { crossOwnerOverlaps } from '../../../geo/coverage';
import type { OwnedPolygon } from './coverage-data';

self.onmessage = (event: MessageEvent<OwnedPolygon[]>) => {
  self.postMessage(crossOwnerOverlaps(event.data));
};
