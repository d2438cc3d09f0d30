/**
 * Public types of the map module. Plain GeoJSON and plain objects only: nothing from
 * maplibre or mapbox-gl-draw may appear here (callers outside `src/map` import these types
 * statically, and the map libraries must stay in the lazily loaded chunk).
 */
import type { FeatureCollection, LineString, MultiPolygon, Point, Polygon } from 'geojson';
import type { ZoneCollection } from '../geo';

/**
 * A collection of zones: the app's one zones type, GeoJSON (src/contract/zones.ts). The
 * editor draws and edits its Polygon features; other geometries (as a lenient service may
 * send them) are listed as invalid and kept unchanged.
 */
export type { ZoneCollection };

/** A location as the form holds it (decimal degrees). */
export type MapPin = { latitude: number; longitude: number };

/** Another set of areas shown faintly under the zones, for overlap context (not editable). */
export type ContextArea = { id: string; label: string; fc: ZoneCollection };

/** How much one branch's zones may hold: files beyond it are refused or simplified to fit. */
export type ZoneLimits = { zonesPerBranch: number; cornersPerZone: number; cornersPerBranch: number };

export type ZoneEditorProps = {
  /** The zones: the source of truth (controlled). The map mirrors it. */
  value: ZoneCollection;
  /** Called with the next collection after every edit (draw, rename, delete, undo, import...). */
  onChange(next: ZoneCollection): void;
  /** Location marker; `null` or missing: none shown until "Set location" places one. */
  pin?: MapPin | null;
  /** Shown over the map, and the marker dimmed, when the pin is not where the caller's fields say. */
  pinNote?: string | undefined;
  /**
   * Called when the marker is dragged or placed (rounded to 6 decimals), and with the location
   * before when that is undone (`null`: there was none). Without it the marker is fixed.
   */
  onPinChange?(pin: MapPin | null): void;
  /** Other areas shown faintly for context; overlaps with them are warned about. */
  context?: readonly ContextArea[];
  /** Base map style URL, or `'offline'` for the embedded offline style. */
  styleUrl: string;
  /**
   * Height of the map in CSS pixels. Without it, `--zone-map-height` set by the page (480 px
   * when unset; `100%` makes the editor fill a container of definite height).
   */
  height?: number;
  /** id of the toolbar, for a link or a shortcut that jumps to the map tools. */
  toolsId?: string;
  /** Accessible name of the map (default "Delivery zones map"). */
  label?: string;
  /** File name (without extension) for Export (default "delivery-zones"). */
  exportName?: string;
  /** Distance from the pin beyond which a zone is reported as far (km, default 50). */
  farKm?: number;
  /** What the branch's zones may hold: a zones file beyond it is refused or simplified to fit. */
  limits: ZoneLimits;
  /**
   * Problems found outside the editor (say, by a service that refused the zones), by zone
   * index: shown on that zone's entry beside its own problems until the caller drops them.
   */
  zoneErrors?: Readonly<Record<number, string>>;
  /** Points drawn over the zones (not editable), each in its colour. */
  points?: MapPoints;
  /** Where the map opens instead of on all the zones (`[west, south, east, north]`), say an overlap. */
  focus?: [number, number, number, number] | null;
  /** The key (id) of the zone selected when the editor opens. */
  selectedZone?: string;
  /**
   * Shows the zones and the pin without a way to change them: selecting a zone, panning,
   * zooming, each zone's details and Export stay; drawing, corners, holes, deleting, clipping,
   * snapping, undo and redo, import and moving the pin are not offered, and their keys do
   * nothing. The map's name says it is read-only.
   */
  readOnly?: boolean;
};

/** Plain coloured points (`color` is `#rrggbb`). */
export type MapPoints = FeatureCollection<Point, { id: string; color: string; label: string }>;

/** The shapes a marker can take: drawn the same on the map (`PointsMap`) and in a legend (`MarkerSymbol`). */
export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'house';

/** Something selecting a marker can open: the id handed back through `onSelect`, and its name. */
export type MapTarget = { id: string; label: string };

/** The properties of a marker of `PointsMap`. */
export type MarkerProperties = {
  /** Unique among the map's markers. */
  id: string;
  shape: MarkerShape;
  /** Fill colour, `#rrggbb`. */
  color: string;
  /** Drawn with an alert ring (and counted as such in a cluster). */
  alert: boolean;
  /** Drawn faded (`DIM_OPACITY`), say for something out of date: the label says why. */
  dim?: boolean;
  /** Up to two characters drawn inside the marker. */
  text?: string;
  /** What the marker is, in words: its tooltip, and the title of its list. */
  label: string;
  /**
   * A short name written beside the marker where it fits (markers never clustered only:
   * `landmarks`, `unclustered`): name-placement.ts says which are shown.
   */
  name?: string;
  /** What selecting it opens: one target is handed to `onSelect` at once; several are listed to choose from. */
  targets: MapTarget[];
  /** The marker is highlighted while `highlight` is one of these. */
  keys: string[];
};

export type MarkerCollection = FeatureCollection<Point, MarkerProperties>;

/** Straight lines between markers; dashed ones for links less certain than a route. */
export type LineCollection = FeatureCollection<LineString, { dashed?: boolean }>;

/** A request to fit the map to `bounds` (`[west, south, east, north]`), carried out once per `key`. */
export type FitRequest = {
  bounds: [number, number, number, number];
  key: string | number;
  animate?: boolean;
};

export type PointsMapProps = {
  /** Base map style URL, or `'offline'` for the embedded offline style. */
  styleUrl: string;
  /** Accessible name of the map. */
  label: string;
  /** Markers clustered where they crowd (when `cluster` is on). */
  points: MarkerCollection;
  /** Markers never clustered, drawn under the points (places of reference). */
  landmarks?: MarkerCollection;
  /**
   * Markers never clustered, drawn above the points and their clusters (say, things that move
   * and must stay apart from the places); selected, highlighted and hovered like the points.
   */
  unclustered?: MarkerCollection;
  /**
   * Areas drawn faintly under everything. Optional properties: `dim: true` fainter still; an
   * `id` makes the area pickable where no marker is (its `label` on hover, the id handed to
   * `onSelect` on click) and highlightable.
   */
  areas?: FeatureCollection<Polygon | MultiPolygon>;
  /**
   * Overlaps between areas, shaded over them (a source of their own: overlaps that arrive later
   * do not make the areas be drawn again); an `id` makes one highlightable.
   */
  overlaps?: FeatureCollection<Polygon | MultiPolygon>;
  lines?: LineCollection;
  /** Markers whose `keys` hold this are drawn larger, on top, outside any cluster; the area whose `id` is this is outlined. */
  highlight?: string | null;
  /** Fits the map; the first request also sets where the map opens. */
  fit?: FitRequest | null;
  /** A target chosen: a marker's only one, one from a marker's or a cluster's list, or an area's id. */
  onSelect?(targetId: string): void;
  /** What a cluster's list is titled, from its markers (default "N markers"). */
  describeCluster?(markers: MarkerProperties[]): string;
  /** The word for alert markers in a cluster's tooltip, e.g. "late" (default "flagged"). */
  alertWord?: string;
  /** Cluster crowded points (default true). */
  cluster?: boolean;
  /** Pan, zoom, tooltips and selection (default true); false: a still picture of the data. */
  interactive?: boolean;
  /** id of an element that describes the map. */
  describedBy?: string;
  /** What still works when the map cannot be shown, in a sentence. */
  withoutMap?: string;
  className?: string;
};
