/**
 * The zones' shape checks (`shapeResults`: each ring's corners and self-intersections) off the
 * main thread, as the editor opens: receives the zones, answers their `ShapeResult[]`.
 */
import type { ZoneCollectionLike } from '../../../geo/collection';
import { shapeResults } from '../../../geo/validate';

self.onmessage = (event: MessageEvent<ZoneCollectionLike>) => {
  self.postMessage(shapeResults(event.data));
};
