/**
 * Public types of the map module. Plain GeoJSON and plain objects only: nothing from
 * maplibre or mapbox-gl-draw may appear here (callers outside `src/map` import these types
 * statically, and the map libraries must stay in the lazily loaded chunk).
 */
import type { FeatureCollection, Geometry } from 'geojson';

/**
 * A collection of zones. The editor draws and edits its Polygon features; other geometries
 * (as a lenient service may send them) are listed as invalid and kept unchanged.
 */
export type ZoneCollection = FeatureCollection<Geometry | null>;

/** A location as the form holds it (decimal degrees). */
export type MapPin = { latitude: number; longitude: number };

/** Another set of areas shown faintly under the zones, for overlap context (not editable). */
export type ContextArea = { id: string; label: string; fc: ZoneCollection };

export type ZoneEditorProps = {
  /** The zones: the source of truth (controlled). The map mirrors it. */
  value: ZoneCollection;
  /** Called with the next collection after every edit (draw, rename, delete, undo, import...). */
  onChange(next: ZoneCollection): void;
  /** Location marker; `null` or missing: none shown until "Set location" places one. */
  pin?: MapPin | null;
  /** Called when the marker is dragged or placed (rounded to 6 decimals). Without it the marker is fixed. */
  onPinChange?(pin: MapPin): void;
  /** Other areas shown faintly for context; overlaps with them are warned about. */
  context?: readonly ContextArea[];
  /** Base map style URL, or `'offline'` for the embedded offline style. */
  styleUrl: string;
  /** Height of the map in CSS pixels (default 480). */
  height?: number;
  /** Accessible name of the map (default "Delivery zones map"). */
  label?: string;
  /** File name (without extension) for Export (default "delivery-zones"). */
  exportName?: string;
  /** Distance from the pin beyond which a zone is reported as far (km, default 50). */
  farKm?: number;
  /**
   * Problems found outside the editor (say, by a service that refused the zones), by zone
   * index: shown on that zone's entry beside its own problems until the caller drops them.
   */
  zoneErrors?: Readonly<Record<number, string>>;
};
