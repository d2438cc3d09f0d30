/**
 * draw_polygon and direct_select with snapping: the draw modes ask the editor (`SnapHooks`)
 * where the pointer goes. Only imported by modules of the map chunk.
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import { LngLat, type MapMouseEvent } from 'maplibre-gl';
import type { SnapTarget } from '../geo/snap';

/** What the draw modes ask of the editor. */
export type SnapHooks = {
  /** Moves the event's position to its snap target, if any, and shows the target; `exclude` as in `Snapper.target`. */
  place(event: MapMouseEvent, exclude: string | null): void;
  /** No target to show any more (the move or the mode ended). */
  clear(): void;
  /** The shape being drawn has this many corners now (0 when drawing starts). */
  corners(count: number): void;
};

type ModeThis = { map: { getZoom(): number } };
type DrawState = { polygon?: { id: string }; currentVertexPosition?: number };
type EditState = {
  featureId: string;
  canDragMove: boolean;
  dragMoving: boolean;
  dragMoveLocation: LngLat | null;
  selectedCoordPaths: string[];
  feature: { updateCoordinate(path: string, lng: number, lat: number): void };
};
type Handler<S> = (this: ModeThis, state: S, event: MapMouseEvent & { featureTarget?: unknown }) => unknown;

/** Sets the event's position to the snapped one (draw reads `lngLat` for where the corner goes). */
export function snapEvent(event: MapMouseEvent, target: SnapTarget | null): void {
  if (target) (event as { lngLat: LngLat }).lngLat = new LngLat(target.position[0], target.position[1]);
}

/**
 * draw_polygon and direct_select with snapping: a new corner, and a single corner dragged, go
 * to the snap target under the pointer. Everything else is draw's own behaviour.
 */
export function snappingModes(hooks: SnapHooks, drawingOn: () => string | null) {
  const drawBase = MapboxDraw.modes.draw_polygon as unknown as Record<string, Handler<DrawState>>;
  const editBase = MapboxDraw.modes.direct_select as unknown as Record<string, Handler<EditState>>;
  const onVertex = (event: { featureTarget?: unknown }) =>
    (event.featureTarget as { properties?: { meta?: string } } | undefined)?.properties?.meta === 'vertex';

  const drawClick: Handler<DrawState> = function (state, event) {
    // A click on the first corner closes the zone: no snapping elsewhere then.
    if (!onVertex(event)) hooks.place(event, drawingOn());
    const result = drawBase.onClick!.call(this, state, event);
    hooks.corners(state.currentVertexPosition ?? 0);
    return result;
  };
  const drawPolygon = {
    ...MapboxDraw.modes.draw_polygon,
    onSetup: function (this: ModeThis, options: unknown) {
      hooks.corners(0);
      return (drawBase.onSetup as unknown as (this: ModeThis, o: unknown) => DrawState).call(this, options);
    },
    onMouseMove: function (state, event) {
      hooks.place(event, drawingOn());
      return drawBase.onMouseMove!.call(this, state, event);
    } as Handler<DrawState>,
    onClick: drawClick,
    onTap: drawClick,
    onStop: function (state, event) {
      hooks.clear();
      return drawBase.onStop!.call(this, state, event);
    } as Handler<DrawState>,
  };

  const editEnd: Handler<EditState> = function (state, event) {
    hooks.clear();
    return editBase.onMouseUp!.call(this, state, event);
  };
  const directSelect = {
    ...MapboxDraw.modes.direct_select,
    onDrag: function (state, event) {
      if (!state.canDragMove || state.selectedCoordPaths.length !== 1)
        return editBase.onDrag!.call(this, state, event);
      // One corner follows the pointer, snapped (several selected corners move together, unsnapped).
      hooks.place(event, state.featureId);
      event.originalEvent.stopPropagation();
      state.dragMoving = true;
      state.feature.updateCoordinate(state.selectedCoordPaths[0]!, event.lngLat.lng, event.lngLat.lat);
      state.dragMoveLocation = event.lngLat;
      return undefined;
    } as Handler<EditState>,
    onMouseUp: editEnd,
    onTouchEnd: editEnd,
    onStop: function (state, event) {
      hooks.clear();
      return editBase.onStop!.call(this, state, event);
    } as Handler<EditState>,
  };
  return { draw_polygon: drawPolygon, direct_select: directSelect } as unknown as Record<
    string,
    MapboxDraw.DrawCustomMode
  >;
}
