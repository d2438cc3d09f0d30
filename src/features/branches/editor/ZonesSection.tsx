import type { ZoneCollection, ZoneFeature } from '../../../contract';
import { Component, Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../../../i18n';
import { branchListQueryOptions, useApi } from '../../../api';
import { adoptShapeResults, type ShapeResult } from '../../../geo';
import { useConfig } from '../../../config';
import { errorMessage } from '../../../lib/error-message';
import type { ContextArea, MapPin, MapPoints } from '../../../map';
import { ErrorState, Skeleton } from '../../../ui';
import { useBranchEditorSearch } from './editor-search';
import s from '../branches.module.css';
import { allowedDistanceKm } from '../review/review-warnings';

/** Errors the form puts on the zones: one for the whole collection, others per zone index. */
export type ZonesErrors = { message?: string; byIndex?: Record<number, string> };

/**
 * The map editor: maplibre and mapbox-gl-draw are in its own chunk, loaded only here. Never
 * import `../../../map/ZoneEditor` statically.
 */
const loadZoneEditor = () => import('../../../map/ZoneEditor');
const ZoneEditor = lazy(loadZoneEditor);

/**
 * The form comes before the map: the map's chunk is asked for once the form has painted and
 * the page has had an idle moment (at most a second later). Its evaluation and the map's set-up
 * are long tasks on a slow phone; started earlier, they would run before the fields take input
 * (bench: editor_phone_form_ms).
 */
function useAfterFormPainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const frame = requestAnimationFrame(() => {
      // The frame with the form is being painted: wait for the task after it, then for idle.
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function')
          idle = requestIdleCallback(() => setPainted(true), { timeout: 1000 });
        else setPainted(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return painted;
}

/**
 * The zones' shape checks (every ring's self-intersections: a few hundred milliseconds of a
 * slow phone's main thread for 20 zones of 500 corners), made in a worker while the form
 * paints; the map's first checks and the form's then find them (src/geo keeps them per
 * zone). True once they are in, or could not be made (the map then checks the zones itself).
 * No workers (jsdom): true at once.
 */
function useShapesChecked(zones: ZoneCollection): boolean {
  const [first] = useState(zones);
  const [done, setDone] = useState(() => typeof Worker === 'undefined');
  useEffect(() => {
    if (done) return;
    const worker = new Worker(new URL('./zone-shapes.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      setDone(true);
    };
    worker.onmessage = (event: MessageEvent<ShapeResult[]>) => {
      adoptShapeResults(first, event.data);
      finish();
    };
    worker.onerror = finish;
    worker.postMessage(first);
    return () => worker.terminate();
  }, [first, done]);
  return done;
}

/**
 * A map chunk that fails to load (network lost, a new deployment) must not take the form down
 * with it: the rest of the editor keeps working and the edits stay in the draft.
 */
class MapChunkBoundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { error: string | null }
> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: errorMessage(error) };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <ErrorState
        title={i18n._(msg`The zone map could not be loaded`)}
        message={i18n._(
          msg`${error}. Your other edits are kept; try again, or reload the page (a draft of the edits is kept in this browser).`,
        )}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

const NO_CONTEXT: readonly ContextArea[] = [];
const TOOLS_ID = 'zone-tools';

/** Moves the focus to the zone map's tools (their first button that is on). */
function focusMapTools(): boolean {
  const tools = document.getElementById(TOOLS_ID);
  const first = tools?.querySelector<HTMLButtonElement>('button:not(:disabled)');
  if (!first) return false;
  first.focus();
  first.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/**
 * "Skip to the map tools", first in the form (shown when focused), and its shortcut Alt+M
 * from anywhere on the page.
 */
export function MapToolsLink() {
  const { t } = useLingui();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.code !== 'KeyM') return;
      if (focusMapTools()) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <a
      href={`#${TOOLS_ID}`}
      className={s.skipLink}
      aria-keyshortcuts="Alt+M"
      onClick={(event) => {
        event.preventDefault();
        focusMapTools();
      }}
    >
      {t`Skip to the map tools (Alt+M)`}
    </a>
  );
}

/** The editor's shape while its chunk loads: toolbar, status line, map and zone list. */
function MapSkeleton() {
  return (
    <div className={s.mapSkeleton} aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading the zone map…</Trans>
      </p>
      <div className={s.mapSkeletonTools}>
        <Skeleton width={92} height={28} />
        <Skeleton width={92} height={28} />
        <Skeleton width={140} height={28} />
        <Skeleton width={180} height={28} />
      </div>
      <Skeleton width="45%" height={14} />
      <div className={s.mapSkeletonBody}>
        <Skeleton style={{ height: '100%' }} />
        <Skeleton style={{ height: '100%' }} />
      </div>
    </div>
  );
}

/**
 * MultiPolygon zones (a lenient service may send them) are saved as one zone per part
 * (`normalizeZones`); the map shows them that way too, so every part can be edited. The split
 * reaches the form only with the first edit on the map. Ids follow `normalizeZones`.
 */
function splitMultiPolygons(fc: ZoneCollection): ZoneCollection {
  if (!fc.features.some((f) => f.geometry?.type === 'MultiPolygon')) return fc;
  const taken = new Set(fc.features.map((f) => (f.id === undefined ? '' : String(f.id))));
  const features = fc.features.flatMap((f): ZoneFeature[] => {
    const geometry = f.geometry;
    if (geometry?.type !== 'MultiPolygon' || !Array.isArray(geometry.coordinates)) return [f];
    const parts = geometry.coordinates;
    const base = f.id === undefined ? null : String(f.id);
    return parts.map((coordinates, k): ZoneFeature => {
      let id: string | undefined;
      if (base !== null) {
        const wanted = parts.length === 1 ? base : `${base}-${k + 1}`;
        id = wanted;
        for (let n = 2; parts.length > 1 && taken.has(id); n++) id = `${wanted}-${n}`;
        taken.add(id);
      }
      const part: ZoneFeature = {
        type: 'Feature',
        properties: { ...(f.properties ?? {}) },
        geometry: { type: 'Polygon', coordinates },
      };
      return id === undefined ? part : { ...part, id };
    });
  });
  return { ...fc, features };
}

/**
 * Other branches' zones, for the overlap warnings (on the map and in the review): every listed
 * branch but `branchId` that has zones. `others` is the branch list (undefined while it loads,
 * null when the service does not list branches).
 */
export function useZoneContext(branchId: string) {
  const api = useApi();
  const others = useQuery(branchListQueryOptions(api)).data;
  const context = useMemo<readonly ContextArea[]>(() => {
    if (!others) return NO_CONTEXT;
    return others
      .filter((b) => b.id !== branchId && b.delivery_zones && b.delivery_zones.features.length > 0)
      .map((b) => ({ id: b.id, label: b.name || b.id, fc: b.delivery_zones! }));
  }, [others, branchId]);
  return { others, context };
}

/**
 * The branch's delivery zones: the map editor (draw, edit, import, export, undo; the zone list
 * with names, areas and problems beside the map), the branch pin, and other branches' zones for
 * context. Plain GeoJSON in and out: the form's `delivery_zones` is the truth. The URL's `focus`
 * and `zone` (editor-search.ts) say where the map opens and which zone is selected.
 */
export function ZonesSection({
  branchId,
  value,
  onChange,
  errors,
  pin,
  pinNote,
  onPinChange,
  points,
  readOnly = false,
}: {
  /** The branch being edited: its own zones are left out of the context; a new id means a new editor. */
  branchId: string;
  value: ZoneCollection;
  onChange: (fc: ZoneCollection) => void;
  errors?: ZonesErrors;
  /** The branch location `[lon, lat]` (null when the fields never held valid degrees). */
  pin?: [number, number] | null;
  /** Why the pin is not where the fields say (they do not hold a valid position). */
  pinNote?: string | undefined;
  /** Called with the location chosen on the map (rounded to 6 decimals); `null` when undone to none. */
  onPinChange?: (pin: MapPin | null) => void;
  /** Points shown on the map (the impact preview's deliveries). */
  points?: MapPoints | null;
  /** The zones and the pin are shown, never changed (the editor's `readOnly`). */
  readOnly?: boolean;
}) {
  const { t } = useLingui();
  const config = useConfig();
  const { others, context } = useZoneContext(branchId);

  const shown = useMemo(() => splitMultiPolygons(value), [value]);
  const mapPin = useMemo<MapPin | null>(() => (pin ? { longitude: pin[0], latitude: pin[1] } : null), [pin]);
  const zoneErrors = errors?.byIndex;
  // Opened at an overlap (the coverage map's "Fix in"): the map shows it, the zone selected.
  // Read as the editor opens (the map reads them only then).
  const search = useBranchEditorSearch();
  const [{ focus, selectedZone }] = useState(() => ({
    focus: search.focus ?? null,
    selectedZone: search.zone,
  }));
  // A retry after a failed chunk load needs a new lazy component (React caches the failure).
  const [Editor, setEditor] = useState(() => ZoneEditor);
  const formPainted = useAfterFormPainted();
  const shapesChecked = useShapesChecked(shown);

  return (
    <section className={`${s.card} ${s.zonesCard}`} aria-labelledby="zones-title">
      <div className={s.cardHeader}>
        <h2 id="zones-title" className={s.cardTitle}>
          <Trans>Delivery zones</Trans>
        </h2>
        <span className={s.subtle}>
          {others === null
            ? t`Other branches’ zones are not shown: this service does not list branches.`
            : context.length > 0
              ? t`Dashed outlines: zones of ${plural(context.length, { one: '# other branch', other: '# other branches' })}, to see overlaps.`
              : null}
        </span>
      </div>
      {points && points.features.length > 0 && (
        <p className={s.subtle} style={{ margin: 0 }} data-impact-points={points.features.length}>
          {plural(points.features.length, {
            one: 'Dots on the map: the # recent delivery of the review’s impact preview (red newly outside, green newly inside, grey outside before and after, blue inside both), until the zones change.',
            other:
              'Dots on the map: the # recent deliveries of the review’s impact preview (red newly outside, green newly inside, grey outside before and after, blue inside both), until the zones change.',
          })}
        </p>
      )}

      {errors?.message && (
        <p role="alert" className={s.fieldError} style={{ margin: 0 }}>
          {errors.message}
        </p>
      )}

      <MapChunkBoundary onRetry={() => setEditor(() => lazy(loadZoneEditor))}>
        <Suspense fallback={<MapSkeleton />}>
          {!formPainted || !shapesChecked ? (
            <MapSkeleton />
          ) : (
            <Editor
              key={branchId}
              value={shown}
              onChange={onChange}
              pin={mapPin}
              pinNote={pinNote}
              onPinChange={onPinChange}
              context={context}
              styleUrl={config.mapStyle}
              limits={config.zoneLimits}
              farKm={allowedDistanceKm(config.zoneLimits, branchId)}
              toolsId={TOOLS_ID}
              label={t`Delivery zones map of branch ${branchId}`}
              exportName={`${branchId}-delivery-zones`}
              zoneErrors={zoneErrors}
              points={points ?? undefined}
              focus={focus}
              selectedZone={selectedZone}
              readOnly={readOnly}
            />
          )}
        </Suspense>
      </MapChunkBoundary>
    </section>
  );
}
