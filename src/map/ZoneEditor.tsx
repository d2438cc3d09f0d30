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
import { Trans, useLingui } from '@lingui/react/macro';
import { Banner, Button, PopoverButton, type ButtonProps } from '../ui';
import { formatCount } from '../lib/count';
import { MapView } from './MapView';
import { EditorNotice } from './EditorNotice';
import { useTouch } from './touch';
import { mouseHints, touchHints, viewHint } from './status-line';
import { EditorStatus } from './EditorStatus';
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

const EXPORT_FORMATS = ['geojson', 'kml'] as const;

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
  const { t } = useLingui();
  const fewestCorners = formatCount(3);
  const {
    styleUrl,
    height,
    label = t`Delivery zones map`,
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

  // eslint-disable-next-line lingui/no-unlocalized-strings -- a drag's data type, not text
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
  const zoneNumber = (selectedRow?.index ?? 0) + 1;
  const selectedName = selectedRow ? selectedRow.name || t`zone ${zoneNumber}` : null;
  const snapHint = !view.snapping
    ? ''
    : touch
      ? ` ${t`Corners snap to nearby zones (turn “Snap” off to place them freely).`}`
      : ` ${t`Corners snap to nearby zones (hold Alt to place freely).`}`;
  const hint = readOnly
    ? viewHint(selectedKey !== null, touch)
    : (touch ? touchHints : mouseHints)(mode, selectedKey !== null, selectedCorners > 0, snapHint);
  const deleteLabel =
    mode === 'draw'
      ? t`Cancel zone`
      : mode === 'hole'
        ? t`Cancel hole`
        : mode === 'edit' && selectedCorners > 0
          ? t`Delete corner`
          : t`Delete zone`;
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
      <div className={s.toolbar} role="group" aria-label={t`Zone tools`} id={toolsId}>
        {!readOnly && (
          <div className={s.toolRow}>
            <div className={s.toolGroup}>
              <Button
                variant={mode === 'draw' ? 'primary' : 'default'}
                size="sm"
                onClick={editor.startDrawing}
                disabled={!ready}
                aria-pressed={mode === 'draw'}
                title={
                  touch ? t`Draw a new zone: tap to add corners` : t`Draw a new zone: click to add corners`
                }
              >
                <Trans>Draw zone</Trans>
              </Button>
              {touch && (
                // No Enter key on a touch screen: the corners placed so far become the zone (or hole).
                <ToolButton
                  variant={drawing && view.drawnCorners >= 3 ? 'primary' : 'default'}
                  onClick={editor.finishDrawing}
                  disabled={!drawing || view.drawnCorners < 3}
                  title={
                    !drawing
                      ? t`Finish a zone or hole being drawn`
                      : mode === 'hole'
                        ? t`Finish the hole with the corners placed (at least ${fewestCorners})`
                        : t`Finish the zone with the corners placed (at least ${fewestCorners})`
                  }
                >
                  <Trans>Finish</Trans>
                </ToolButton>
              )}
              <ToolButton
                variant={mode === 'hole' ? 'primary' : 'default'}
                onClick={mode === 'hole' ? editor.escape : editor.startHole}
                disabled={!canCutHole && mode !== 'hole'}
                aria-pressed={mode === 'hole'}
                title={t`Cut a hole in the selected zone: an area inside it where it does not deliver`}
              >
                <Trans>Cut hole</Trans>
              </ToolButton>
              <ToolButton
                className={s.deleteButton}
                onClick={editor.deleteSelection}
                disabled={!ready || (mode !== 'draw' && mode !== 'hole' && selectedKey === null)}
                title={t`${deleteLabel} (Delete)`}
              >
                {deleteLabel}
              </ToolButton>
            </div>
            <div className={s.toolGroup}>
              <ToolButton
                onClick={() => selectedKey !== null && void editor.clipZone(selectedKey)}
                disabled={!selectedRow || selectedRow.overlaps === 0}
                title={t`Remove from the selected zone every area its neighbours overlap`}
              >
                <Trans>Clip to neighbours</Trans>
              </ToolButton>
              <Button
                size="sm"
                onClick={editor.toggleSnapping}
                aria-pressed={view.snapping}
                title={
                  touch
                    ? t`Snap corners to other zones’ corners and edges (off: corners go where you tap)`
                    : t`Snap corners to other zones’ corners and edges (hold Alt to place one freely)`
                }
              >
                <span aria-hidden="true" className={s.toggleMark}>
                  {view.snapping ? '✓' : ''}
                </span>
                <Trans>Snap</Trans>
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
                aria-label={t`Undo`}
                title={t`Undo (Ctrl+Z)`}
              >
                <span className={s.turn}>↶</span>
                <span className={s.toolWord}> {t`Undo`}</span>
              </ToolButton>
              <ToolButton
                onClick={editor.redo}
                disabled={!view.canRedo}
                aria-label={t`Redo`}
                title={t`Redo (Shift+Ctrl+Z)`}
              >
                <span className={s.turn}>↷</span>
                <span className={s.toolWord}> {t`Redo`}</span>
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
                title={
                  touch
                    ? t`Set the location: then tap the map (or drag the marker)`
                    : t`Set the location: then click the map (or drag the marker)`
                }
              >
                <Trans>Set location</Trans>
              </Button>
            )}
            <Button
              size="sm"
              onClick={editor.fitAll}
              disabled={!ready || (zones.features.length === 0 && !pin)}
              title={t`Zoom to all zones`}
            >
              <Trans>Zoom to zones</Trans>
            </Button>
          </div>
          <div className={s.toolGroup}>
            {!readOnly && (
              <>
                <Button
                  size="sm"
                  onClick={() => fileInputRef.current?.click()}
                  title={t`Import zones from a GeoJSON, KML or KMZ file (or drop it on the editor)`}
                >
                  <Trans>Import…</Trans>
                </Button>
                <input
                  ref={fileInputRef}
                  type="file"
                  accept=".geojson,.json,.kml,.kmz,application/geo+json,application/json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz"
                  className="visually-hidden"
                  tabIndex={-1}
                  aria-hidden="true"
                  aria-label={t`Zones file to import`}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void editor.files.importFile(file);
                  }}
                />
              </>
            )}
            <PopoverButton
              label={t`Export…`}
              panelLabel={t`Export the zones`}
              align="end"
              buttonProps={{
                size: 'sm',
                disabled: zones.features.length === 0,
                title: t`Download the zones as a file`,
              }}
            >
              {(close) => (
                <div className={s.exportMenu}>
                  {EXPORT_FORMATS.map((format) => (
                    <Button
                      key={format}
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        close();
                        void editor.files.exportZones(format);
                      }}
                    >
                      {format === 'kml' ? t`KML (Google Earth, My Maps)` : t`GeoJSON`} (
                      <bdi>{`${exportName}.${format}`}</bdi>)
                    </Button>
                  ))}
                </div>
              )}
            </PopoverButton>
          </div>
        </div>
      </div>

      <EditorStatus
        mode={mode}
        readOnly={readOnly}
        selectedName={selectedName}
        hint={hint}
        hintId={hintId}
        neighbours={neighbours}
      />

      <div className={s.body}>
        {/* Notices float over the map: the map and the list keep their places. */}
        <div className={s.mapCell}>
          <MapView
            // A change of read-only makes a new map: its name and draw's modes are set as it is made.
            key={`${styleUrl} ${readOnly}`}
            styleUrl={styleUrl}
            label={readOnly ? t`${label} (read-only)` : label}
            withoutMap={readOnly ? t`The zones are listed beside it.` : undefined}
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
                <Trans>
                  Reading <bdi>{reading}</bdi>…
                </Trans>
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
          <Trans>Drop a GeoJSON, KML or KMZ file to add its zones</Trans>
        </div>
      )}
    </div>
  );
}
