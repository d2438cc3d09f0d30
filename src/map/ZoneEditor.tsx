/**
 * The delivery-zone map editor. Default export, meant for `React.lazy(() => import(...))`:
 * this module pulls in maplibre and mapbox-gl-draw and must only ever be reached through a
 * dynamic import (see index.ts).
 *
 * The state and the map belong to `ZoneEditorController` (controller.ts); this component
 * renders its snapshot (the toolbar, the status line and the zone panel) and hands it the
 * props, the map and the user's keys and files.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { Banner, Button, PopoverButton, type ButtonProps } from '../ui';
import { MapView } from './MapView';
import { EditorNotice } from './EditorNotice';
import { useTouch } from './touch';
import { MODE_LABELS, mouseHints, overlapList, touchHints, viewHint } from './status-line';
import { ZonePanel } from './ZonePanel';
import s from './ZoneEditor.module.css';
import { ZoneEditorController } from './controller';
import { initialViewOf } from './zone-ops';
import type { ZoneEditorProps } from './types';

export type { ZoneEditorProps } from './types';

/** The offer of a file's zones: loaded with the first file read (most visits import nothing). */
const ImportOfferDialog = lazy(() =>
  import('./ImportOfferDialog').then((m) => ({ default: m.ImportOfferDialog })),
);

const EXPORT_FORMATS = [
  { format: 'geojson', label: 'GeoJSON' },
  { format: 'kml', label: 'KML (Google Earth, My Maps)' },
] as const;

/** The event's target is the map (its canvas, a marker, a control). */
function isInMap(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('.maplibregl-map') !== null;
}

function isTextInput(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A tool that its own click can switch off (Undo at the first step, Delete once the zone is
 * gone): off, it stays focusable (`aria-disabled`), so the keyboard keeps its place in the
 * editor and Ctrl+Z or Shift+Ctrl+Z still reach it.
 */
function ToolButton({ disabled, onClick, ...rest }: ButtonProps) {
  return (
    <Button
      size="sm"
      {...rest}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
    />
  );
}

export default function ZoneEditor(props: ZoneEditorProps) {
  const {
    styleUrl,
    height,
    label = 'Delivery zones map',
    exportName = 'delivery-zones',
    zoneErrors,
    toolsId,
    readOnly = false,
  } = props;
  const [editor] = useState(() => new ZoneEditorController(props));
  useLayoutEffect(() => editor.setProps(props));
  useEffect(() => editor.connect(), [editor]);
  const view = useSyncExternalStore(editor.subscribe, editor.getSnapshot);
  const { mode, checks, selectedKey, selectedCorners, notice, ready, zones, pin, reading, offer } = view;

  const hintId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [initialView] = useState(() => initialViewOf(props.value, props.pin, props.focus));
  const pinEditable = props.onPinChange !== undefined && !readOnly;
  const { touch, onPointerDown } = useTouch();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (readOnly) {
      // Only Esc (deselect): nothing here edits.
      if (event.key === 'Escape' && !isTextInput(event.target) && isInMap(event.target)) {
        event.preventDefault();
        editor.escape();
      }
      return;
    }
    if (mod && !event.altKey && (key === 'z' || key === 'y')) {
      if (isTextInput(event.target)) return; // the field's own undo
      event.preventDefault();
      if (key === 'y' || event.shiftKey) editor.redo();
      else editor.undo();
      return;
    }
    if (
      !isInMap(event.target) ||
      isTextInput(event.target) ||
      (event.target instanceof HTMLButtonElement && event.key === 'Enter')
    )
      return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      editor.deleteSelection();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.escape();
    } else if (event.key === 'Enter' && (mode === 'draw' || mode === 'hole')) {
      event.preventDefault();
      editor.finishDrawing();
    }
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void editor.files.importFile(file);
  };

  const selectedRow = checks.rows.find((r) => r.key === selectedKey);
  const selectedName = selectedRow ? selectedRow.name || `zone ${selectedRow.index + 1}` : null;
  const snapHint = !view.snapping
    ? ''
    : touch
      ? ' Corners snap to nearby zones (turn “Snap” off to place them freely).'
      : ' Corners snap to nearby zones (hold Alt to place freely).';
  const hint = readOnly
    ? viewHint(selectedKey !== null, touch)
    : (touch ? touchHints : mouseHints)(mode, selectedKey !== null, selectedCorners > 0, snapHint);
  const deleteLabel =
    mode === 'draw'
      ? 'Cancel zone'
      : mode === 'hole'
        ? 'Cancel hole'
        : mode === 'edit' && selectedCorners > 0
          ? 'Delete corner'
          : 'Delete zone';
  const drawing = mode === 'draw' || mode === 'hole';
  const neighbours = mode === 'pin' || drawing ? [] : (selectedRow?.neighbours ?? []);
  const canCutHole =
    ready && selectedRow !== undefined && zones.features[selectedRow.index]?.geometry?.type === 'Polygon';

  return (
    <div
      className={touch ? `${s.editor} ${s.touch}` : s.editor}
      data-touch={touch || undefined}
      onPointerDownCapture={onPointerDown}
      style={height === undefined ? undefined : ({ '--zone-map-height': `${height}px` } as CSSProperties)}
      onKeyDown={onKeyDown}
      // Read-only: no import, so a dropped file is left to the browser as anywhere else.
      onDragOver={readOnly ? undefined : onDragOver}
      onDragLeave={readOnly ? undefined : onDragLeave}
      onDrop={readOnly ? undefined : onDrop}
      data-read-only={readOnly || undefined}
    >
      {/* Two rows: shaping zones, then history, the location, the view and files (read-only: the view and export). */}
      <div className={s.toolbar} role="group" aria-label="Zone tools" id={toolsId}>
        {!readOnly && (
          <div className={s.toolRow}>
            <div className={s.toolGroup}>
              <Button
                variant={mode === 'draw' ? 'primary' : 'default'}
                size="sm"
                onClick={editor.startDrawing}
                disabled={!ready}
                aria-pressed={mode === 'draw'}
                title={`Draw a new zone: ${touch ? 'tap' : 'click'} to add corners`}
              >
                Draw zone
              </Button>
              {touch && (
                // No Enter key on a touch screen: the corners placed so far become the zone (or hole).
                <ToolButton
                  variant={drawing && view.drawnCorners >= 3 ? 'primary' : 'default'}
                  onClick={editor.finishDrawing}
                  disabled={!drawing || view.drawnCorners < 3}
                  title={
                    drawing
                      ? `Finish the ${mode === 'hole' ? 'hole' : 'zone'} with the corners placed (at least 3)`
                      : 'Finish a zone or hole being drawn'
                  }
                >
                  Finish
                </ToolButton>
              )}
              <ToolButton
                variant={mode === 'hole' ? 'primary' : 'default'}
                onClick={mode === 'hole' ? editor.escape : editor.startHole}
                disabled={!canCutHole && mode !== 'hole'}
                aria-pressed={mode === 'hole'}
                title="Cut a hole in the selected zone: an area inside it where it does not deliver"
              >
                Cut hole
              </ToolButton>
              <ToolButton
                className={s.deleteButton}
                onClick={editor.deleteSelection}
                disabled={!ready || (mode !== 'draw' && mode !== 'hole' && selectedKey === null)}
                title={`${deleteLabel} (Delete)`}
              >
                {deleteLabel}
              </ToolButton>
            </div>
            <div className={s.toolGroup}>
              <ToolButton
                onClick={() => selectedKey !== null && void editor.clipZone(selectedKey)}
                disabled={!selectedRow || selectedRow.overlaps === 0}
                title="Remove from the selected zone every area its neighbours overlap"
              >
                Clip to neighbours
              </ToolButton>
              <Button
                size="sm"
                onClick={editor.toggleSnapping}
                aria-pressed={view.snapping}
                title={
                  touch
                    ? 'Snap corners to other zones’ corners and edges (off: corners go where you tap)'
                    : 'Snap corners to other zones’ corners and edges (hold Alt to place one freely)'
                }
              >
                <span aria-hidden="true" className={s.toggleMark}>
                  {view.snapping ? '✓' : ''}
                </span>
                Snap
              </Button>
            </div>
          </div>
        )}
        <div className={s.toolRow}>
          {!readOnly && (
            <div className={s.toolGroup}>
              <ToolButton
                onClick={editor.undo}
                disabled={!view.canUndo}
                aria-label="Undo"
                title="Undo (Ctrl+Z)"
              >
                ↶<span className={s.toolWord}> Undo</span>
              </ToolButton>
              <ToolButton
                onClick={editor.redo}
                disabled={!view.canRedo}
                aria-label="Redo"
                title="Redo (Shift+Ctrl+Z)"
              >
                ↷<span className={s.toolWord}> Redo</span>
              </ToolButton>
            </div>
          )}
          <div className={s.toolGroup}>
            {pinEditable && (
              <Button
                size="sm"
                onClick={mode === 'pin' ? editor.stopPlacingPin : editor.startPlacingPin}
                disabled={!ready}
                aria-pressed={mode === 'pin'}
                variant={mode === 'pin' ? 'primary' : 'default'}
                title={`Set the location: then ${touch ? 'tap' : 'click'} the map (or drag the marker)`}
              >
                Set location
              </Button>
            )}
            <Button
              size="sm"
              onClick={editor.fitAll}
              disabled={!ready || (zones.features.length === 0 && !pin)}
              title="Zoom to all zones"
            >
              Zoom to zones
            </Button>
          </div>
          <div className={s.toolGroup}>
            {!readOnly && (
              <>
                <Button
                  size="sm"
                  onClick={() => fileInputRef.current?.click()}
                  title="Import zones from a GeoJSON, KML or KMZ file (or drop it on the editor)"
                >
                  Import…
                </Button>
                <input
                  ref={fileInputRef}
                  type="file"
                  accept=".geojson,.json,.kml,.kmz,application/geo+json,application/json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz"
                  className="visually-hidden"
                  tabIndex={-1}
                  aria-hidden="true"
                  aria-label="Zones file to import"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void editor.files.importFile(file);
                  }}
                />
              </>
            )}
            <PopoverButton
              label="Export…"
              panelLabel="Export the zones"
              align="end"
              buttonProps={{
                size: 'sm',
                disabled: zones.features.length === 0,
                title: 'Download the zones as a file',
              }}
            >
              {(close) => (
                <div className={s.exportMenu}>
                  {EXPORT_FORMATS.map(({ format, label: formatLabel }) => (
                    <Button
                      key={format}
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        close();
                        void editor.files.exportZones(format);
                      }}
                    >
                      {formatLabel} ({exportName}.{format})
                    </Button>
                  ))}
                </div>
              )}
            </PopoverButton>
          </div>
        </div>
      </div>

      <div className={s.statusLine}>
        <span className={s.mode} aria-live="polite">
          <span className="visually-hidden">Mode: </span>
          {readOnly ? 'Viewing (read-only)' : MODE_LABELS[mode]}
          {mode !== 'draw' && mode !== 'pin' && selectedName ? ` · ${selectedName}` : ''}
        </span>
        <span id={hintId} className={s.hint} title={hint}>
          {hint}
        </span>
      </div>
      {neighbours.length > 0 && (
        <p className={s.overlapLine} data-overlap-line>
          {selectedName} overlaps {overlapList(neighbours)}
          {readOnly ? (
            '.'
          ) : (
            <>
              : “Clip to neighbours” removes {neighbours.length === 1 ? 'that area' : 'those areas'} from{' '}
              {selectedName}.
            </>
          )}
        </p>
      )}

      <div className={s.body}>
        {/* Notices float over the map: the map and the list keep their places. */}
        <div className={s.mapCell}>
          <MapView
            // A change of read-only makes a new map: its name and draw's modes are set as it is made.
            key={`${styleUrl} ${readOnly}`}
            styleUrl={styleUrl}
            label={readOnly ? `${label} (read-only)` : label}
            withoutMap={readOnly ? 'The zones are listed beside it.' : undefined}
            describedBy={hintId}
            initialView={initialView}
            onReady={editor.attach}
          />
          {props.pinNote && (
            <p className={s.pinNote} role="status">
              {props.pinNote}
            </p>
          )}
          {reading && (
            <div className={s.notice}>
              <Banner tone="info" role="status">
                Reading {reading}…
              </Banner>
            </div>
          )}
          {notice && <EditorNotice notice={notice} onDismiss={() => editor.files.setNotice(null)} />}
        </div>
        <ZonePanel
          rows={checks.rows}
          general={checks.general}
          invalidCount={checks.invalidCount}
          warningCount={checks.warningCount}
          selectedKey={selectedKey}
          zoneErrors={zoneErrors}
          readOnly={readOnly}
          onSelect={(key) => editor.selectZone(key)}
          onRename={editor.renameZone}
          onDelete={editor.deleteZone}
          onShow={editor.showPoint}
          onShowPlace={editor.showPlace}
          onDeleteHole={editor.deleteHole}
          onClip={(key, by) => void editor.clipZone(key, by)}
        />
      </div>

      {offer && (
        <Suspense fallback={null}>
          <ImportOfferDialog
            offer={offer}
            onAdd={editor.files.addOffer}
            onCancel={editor.files.dismissOffer}
          />
        </Suspense>
      )}
      {dragging && (
        <div className={s.dropOverlay} aria-hidden="true">
          Drop a GeoJSON, KML or KMZ file to add its zones
        </div>
      )}
    </div>
  );
}
