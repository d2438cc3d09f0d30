/**
 * The zone editor's controller: a plain class holding the editor's state (the zones and the pin with one
 * undo history, their checks, the selection, the notice) and the user's actions on it. React reads it
 * through `subscribe` and `getSnapshot` (`useSyncExternalStore`) and calls its methods; nothing here
 * renders. The map's side (draw, the marker, the layers, draw's modes) is an `EditorMap` (editor-map.ts);
 * operations on zones (zone-ops.ts, corner-keys.ts) and reading and writing files (zone-files.ts) are pure.
 *
 * The zones and the pin given by the caller are the truth and the map mirrors them. Draw's own changes
 * (create, update, delete) come a tick's worth at a time from the `EditorMap`, are turned into the next
 * collection by the pure `applyDrawChanges`, and committed once (one undo step) through `onChange`. Files
 * in and out and the notice are a `ZoneFileFlow` (zone-file-flow.ts).
 *
 * Read-only (`readOnly`): the same state is shown and a zone can be selected, but every action that would
 * change the zones or the pin, or start doing so, does nothing.
 *
 * Lifecycle: the constructor has no side effects; `connect()` (from an effect, returning its cleanup)
 * starts what the controller does on its own; `attach(map)` (when the map is ready, returning its
 * cleanup) sets up the map. Both undo cleanly, so StrictMode's double mount leaves exactly one of each.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { defaultZoneId } from '../geo';
import { moveCorners } from './corner-keys';
import { EditorMap, type EditorMode } from './editor-map';
import { historyReducer, initialHistory, type History, type HistoryAction } from './history';
import { Snapper, writeSnapSetting } from './snapping';
import { applyDrawChanges, zoneKeys } from './sync';
import type { ContextArea, MapPin, ZoneCollection, ZoneEditorProps } from './types';
import { rememberChecks, type WarnFn, type ZoneChecks } from './zone-checks';
import type { ImportOffer } from './import-plan';
import { noticeOf, ZoneFileFlow, type Notice } from './zone-file-flow';
import {
  adoptProps,
  addHole,
  clipZone,
  removeHole,
  removeZones,
  renameZone,
  samePin,
  validPin,
  type ClipBy,
  type EditorValue,
} from './zone-ops';

const NO_CONTEXT: readonly ContextArea[] = [];

/** What the editor shows, as one immutable object per change. */
export type EditorSnapshot = {
  /** The map and its draw control are set up. */
  ready: boolean;
  mode: EditorMode;
  zones: ZoneCollection;
  pin: MapPin | null;
  checks: ZoneChecks;
  /** The selected zone's key (only while that zone exists). */
  selectedKey: string | null;
  /** Corners selected in the selected zone (while editing its corners). */
  selectedCorners: number;
  canUndo: boolean;
  canRedo: boolean;
  notice: Notice | null;
  /** Corners snap to other zones' corners and edges. */
  snapping: boolean;
  /** Corners placed so far of the zone or hole being drawn (0 when nothing is drawn). */
  drawnCorners: number;
  /** The name of the zones file being read, until its answer. */
  reading: string | null;
  /** What a file read would add, until the manager adds it or not. */
  offer: ImportOffer | null;
};

/** The props the controller reads (the rest only concern rendering). */
export type ControllerProps = Pick<
  ZoneEditorProps,
  | 'value'
  | 'onChange'
  | 'pin'
  | 'pinNote'
  | 'onPinChange'
  | 'context'
  | 'farKm'
  | 'exportName'
  | 'points'
  | 'limits'
  | 'selectedZone'
  | 'readOnly'
>;

export class ZoneEditorController {
  private props: ControllerProps;
  private history: History<EditorValue>;
  private warn: WarnFn | undefined;
  private readonly checksOf = rememberChecks();
  private selected: string | null = null;
  private selectedCorners = 0;
  private drawnCorners = 0;
  /** Files in and out, and the notice: zone-file-flow.ts. */
  readonly files = new ZoneFileFlow({
    input: () => {
      const { zones, pin } = this.present;
      const { limits, context = NO_CONTEXT, farKm } = this.props;
      return { existing: zones, limits, context, pin: pin ? [pin.longitude, pin.latitude] : null, farKm };
    },
    exportName: () => this.props.exportName ?? 'delivery-zones',
    readOnly: () => this.readOnly,
    connected: () => this.connected,
    add: (zones, bounds) => {
      this.leaveSpecialModes();
      this.commitZones(zones);
      this.map?.fit(bounds);
    },
    changed: () => this.refresh(),
  });
  private map: EditorMap | null = null;
  private readonly snapper = new Snapper();
  private connected = false;
  private listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;

  constructor(props: ControllerProps) {
    this.props = props;
    this.history = initialHistory<EditorValue>({
      zones: props.value,
      pin: validPin(props.pin) ? props.pin : null,
    });
    this.selected = props.selectedZone ?? null;
    this.snapshot = this.makeSnapshot();
  }

  // ---- the store ---------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorSnapshot => this.snapshot;

  private get present(): EditorValue {
    return this.history.present;
  }

  private makeSnapshot(): EditorSnapshot {
    const { zones, pin } = this.present;
    const { context = NO_CONTEXT, farKm } = this.props;
    const selectedKey =
      this.selected !== null && zoneKeys(zones).includes(this.selected) ? this.selected : null;
    const mode = this.map?.mode() ?? 'select';
    return {
      ready: this.map !== null,
      mode,
      zones,
      pin,
      checks: this.checksOf(zones, { context, pin, farKm }, this.warn),
      selectedKey,
      selectedCorners: selectedKey === null ? 0 : this.selectedCorners,
      canUndo: this.history.past.length > 0,
      canRedo: this.history.future.length > 0,
      notice: this.files.notice,
      snapping: this.snapper.enabled,
      drawnCorners: mode === 'draw' || mode === 'hole' ? this.drawnCorners : 0,
      reading: this.files.reading,
      offer: this.files.offer,
    };
  }

  /** Brings the map in line with the state, then tells React. */
  private refresh(): void {
    this.snapshot = this.makeSnapshot();
    const { zones, checks, pin } = this.snapshot;
    this.map?.show({
      zones,
      checks,
      pin,
      context: this.props.context ?? NO_CONTEXT,
      points: this.props.points ?? null,
      pinEditable: this.props.onPinChange !== undefined && !this.readOnly,
      pinStale: this.props.pinNote !== undefined,
    });
    for (const listener of this.listeners) listener();
  }

  // ---- from the caller -------------------------------------------------------------------

  /** The caller's latest props (every render). Zones or a pin changed outside are adopted without an undo step. */
  setProps(props: ControllerProps): void {
    const before = this.props;
    this.props = props;
    const next = adoptProps(this.history, before, props);
    const changed =
      next !== this.history ||
      props.context !== before.context ||
      props.points !== before.points ||
      props.farKm !== before.farKm ||
      props.onPinChange !== before.onPinChange ||
      props.pinNote !== before.pinNote ||
      props.readOnly !== before.readOnly;
    this.history = next;
    if (changed) this.refresh();
  }

  /** Starts what runs on its own (the overlap warnings and snapping's index, loaded after first paint); returns the stop. */
  connect(): () => void {
    this.connected = true;
    void import('../geo/snap').then((m) => this.snapper.useIndex(m.SnapIndex));
    if (!this.warn) {
      void import('../geo/warnings').then((m) => {
        if (!this.connected) return;
        this.warn = m.zoneWarnings;
        this.refresh();
      });
    }
    return () => {
      this.connected = false;
      this.files.stop();
    };
  }

  /** The zones and the pin are shown, never changed: every action that would change them does nothing. */
  private get readOnly(): boolean {
    return this.props.readOnly === true;
  }

  // ---- history -----------------------------------------------------------------------------

  private dispatch(action: HistoryAction<EditorValue>): void {
    if (this.readOnly) return;
    const before = this.history;
    const after = historyReducer(before, action);
    if (after === before) return;
    this.history = after;
    const was = before.present;
    const now = after.present;
    if (now.zones !== was.zones) this.props.onChange(now.zones);
    if (!samePin(now.pin, was.pin)) this.props.onPinChange?.(now.pin);
    this.refresh();
  }

  private commitZones(zones: ZoneCollection, key?: string): void {
    if (zones === this.present.zones) return;
    this.dispatch({ type: 'commit', next: { ...this.present, zones }, ...(key ? { key } : {}) });
  }

  undo = (): void => {
    if (this.readOnly) return;
    this.leaveSpecialModes();
    this.dispatch({ type: 'undo' });
    this.refresh();
  };

  redo = (): void => {
    if (this.readOnly) return;
    this.leaveSpecialModes();
    this.dispatch({ type: 'redo' });
    this.refresh();
  };

  // ---- the map -----------------------------------------------------------------------------

  /** Sets up a ready map (MapView's `onReady`); returns the teardown, run before the map is removed. */
  attach = (map: MaplibreMap): (() => void) => {
    // Read-only is read here: the editor gives the map a new `key` when it changes.
    const editorMap = new EditorMap(
      map,
      this.snapper,
      {
        changes: (changes, select) => {
          if (select !== undefined) this.selected = select;
          this.commitZones(applyDrawChanges(this.present.zones, changes));
          this.refresh();
        },
        hole: (key, ring) => {
          this.commitZones(addHole(this.present.zones, key, ring));
          this.selectZone(key, false);
        },
        selection: (key, corners) => {
          this.selected = key;
          this.selectedCorners = corners;
          this.refresh();
        },
        modeChange: () => this.refresh(),
        corners: (count) => {
          this.drawnCorners = count;
          // Drawing starts at 0 inside draw's change of mode; the action that started it refreshes.
          if (count > 0) this.refresh();
        },
        // A run of arrow presses on one zone's corners is one undo step.
        moveCorners: (key, corners, step) =>
          this.commitZones(moveCorners(this.present.zones, key, corners, step), `corners:${key}`),
        pin: (pin) => {
          if (!samePin(pin, this.present.pin))
            this.dispatch({ type: 'commit', next: { ...this.present, pin } });
          this.refresh();
        },
      },
      this.readOnly,
    );
    this.map = editorMap;
    this.refresh();
    // The zone selected from the start (`selectedZone`), once draw has it.
    if (this.snapshot.selectedKey !== null) editorMap.select(this.snapshot.selectedKey);
    return () => {
      editorMap.remove();
      this.map = null;
      this.refresh();
    };
  };

  fitAll = (): void => this.map?.fitAll();

  /** Flies to a place (the pin, when it lies outside every zone). */
  showPlace = (position: [number, number]): void => this.map?.flyTo(position, 14);

  /** Selects the zone and flies to the position (or to the zone when there is none). */
  showPoint = (key: string, position: [number, number] | undefined): void => {
    this.selectZone(key, position === undefined);
    if (position) this.map?.flyTo(position, 15);
  };

  // ---- modes and selection -----------------------------------------------------------------

  private leaveSpecialModes(): void {
    this.stopPlacingPin();
    this.map?.cancelDrawing();
  }

  stopPlacingPin = (): void => {
    if (this.map?.stopPlacingPin()) this.refresh();
  };

  startPlacingPin = (): void => {
    if (!this.map || this.readOnly) return;
    this.map.placePin();
    this.selected = null;
    this.refresh();
  };

  startDrawing = (): void => {
    if (this.readOnly) return;
    this.stopPlacingPin();
    if (!this.map?.startPolygon()) return;
    this.selected = null;
    this.selectedCorners = 0;
    this.refresh();
  };

  /** "Cut hole": what is drawn next becomes an inner ring of the selected zone. */
  startHole = (): void => {
    const key = this.snapshot.selectedKey;
    if (!this.map || key === null || this.readOnly) return;
    this.stopPlacingPin();
    this.map.startPolygon(key);
    this.refresh();
  };

  /**
   * Enter, or "Finish" on a touch screen: the corners placed so far become the zone (at least
   * 3), like a click on the first corner.
   */
  finishDrawing = (): void => {
    const finished = this.map?.finishDrawing();
    if (finished === undefined) return;
    if (finished !== null) this.selected = finished;
    this.refresh();
  };

  selectZone = (key: string | null, zoom = true): void => {
    this.leaveSpecialModes();
    this.selected = key;
    this.selectedCorners = 0;
    this.map?.select(key);
    this.refresh();
    if (key !== null && zoom) this.map?.fitZone(key);
  };

  /** Esc: leaves the current mode, one level at a time. */
  escape = (): void => {
    const left = this.map?.escape() ?? 'selection';
    if (left === 'corners') this.selectedCorners = 0;
    if (left === 'selection') this.selected = null;
    this.refresh();
  };

  /** Turns snapping on or off, remembered in this browser. */
  toggleSnapping = (): void => {
    if (this.readOnly) return;
    this.snapper.enabled = !this.snapper.enabled;
    writeSnapSetting(this.snapper.enabled);
    this.refresh();
  };

  // ---- edits of zones ----------------------------------------------------------------------

  /** Delete: the corners selected, the zone being drawn, or the selected zone. */
  deleteSelection = (): void => {
    if (this.readOnly) return;
    const inMap = this.map?.deleteInMap() ?? null;
    if (inMap === 'pin') return;
    if (inMap === null) {
      const key = this.snapshot.selectedKey;
      if (key === null) return;
      this.selected = null;
      this.commitZones(removeZones(this.present.zones, [key]));
    }
    if (inMap !== 'drawing') this.selectedCorners = 0;
    this.refresh();
  };

  deleteZone = (key: string): void => {
    if (this.readOnly) return;
    this.leaveSpecialModes();
    this.commitZones(removeZones(this.present.zones, [key]));
    this.refresh();
  };

  renameZone = (key: string, name: string): void => {
    this.commitZones(renameZone(this.present.zones, key, name), `name:${key}`);
  };

  /** Removes one inner ring (1 for the first hole) of a zone. */
  deleteHole = (key: string, ring: number): void => {
    if (this.readOnly) return;
    this.leaveSpecialModes();
    this.commitZones(removeHole(this.present.zones, key, ring));
  };

  /**
   * "Clip to neighbours": removes from the zone every area the branch's other zones (those
   * without problems) and other branches' zones overlap, or with `by` the area that one of them
   * overlaps; one undo step.
   */
  clipZone = async (key: string, by?: ClipBy): Promise<void> => {
    if (this.readOnly) return;
    const { clipPolygon } = await import('../geo/overlap');
    if (!this.connected) return;
    const { rows } = this.snapshot.checks;
    const result = clipZone(this.present.zones, key, {
      cuts: (i) => rows[i]?.issues.length === 0,
      context: this.props.context ?? NO_CONTEXT,
      clip: clipPolygon,
      newId: defaultZoneId,
      by,
    });
    if (!result) return;
    if (result.ok) {
      this.leaveSpecialModes();
      this.commitZones(result.zones);
    }
    this.files.setNotice(noticeOf(result));
  };
}
