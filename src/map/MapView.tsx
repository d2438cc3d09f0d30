/**
 * A maplibre map in a React component. The map is created once in an effect and removed in
 * its cleanup (StrictMode runs the pair twice: the first map is removed before the second is
 * made). Handlers are read from a ref, so listeners are registered once and always reach the
 * latest props.
 *
 * Base style: `styleUrl`, or the embedded offline style when it is `'offline'` or when the URL
 * fails: an `error` event before the style has loaded (fetch failed, not a style) or no style
 * after `styleTimeoutMs`. The fallback happens before `onReady`, so whatever `onReady` adds
 * (draw layers, sources) is never wiped by a later `setStyle`.
 */
import {
  Map as MaplibreMap,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
  type LngLatBoundsLike,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../lib/error-message';
import { i18n } from '../i18n';
import { Button, Skeleton } from '../ui';
import s from './MapView.module.css';
import type { ColorScheme } from './offline-style';

/** The offline base map (its builder and Natural Earth data) loads only when it is used. */
const loadOfflineStyle = (scheme: ColorScheme) =>
  import('./offline-style').then((m) => m.loadOfflineStyle(scheme));

let workerUrlSet = false;

/** maplibre's worker is loaded by URL (docs/design.md, Map): set before the first map. */
function ensureWorkerUrl(): void {
  if (workerUrlSet) return;
  setWorkerUrl(workerUrl);
  workerUrlSet = true;
}

export const DEFAULT_STYLE_TIMEOUT_MS = 5000;

/**
 * maplibre's own words (its controls' names, the scale's units) in the chosen language; the map
 * is made again when the language changes (the tree is drawn anew).
 */
function maplibreLocale(label: string): Record<string, string> {
  return {
    'Map.Title': label,
    'AttributionControl.ToggleAttribution': i18n._(msg`Toggle attribution`),
    'AttributionControl.MapFeedback': i18n._(msg`Map feedback`),
    'Marker.Title': i18n._(msg`Map marker`),
    'NavigationControl.ZoomIn': i18n._(msg`Zoom in`),
    'NavigationControl.ZoomOut': i18n._(msg`Zoom out`),
    'Popup.Close': i18n._(msg`Close popup`),
    'ScaleControl.Meters': i18n._(msg({ message: 'm', context: 'metres, on the map scale' })),
    'ScaleControl.Kilometers': i18n._(msg({ message: 'km', context: 'kilometres, on the map scale' })),
  };
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function currentScheme(): ColorScheme {
  return typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The system's colour scheme, as the page's theme follows it (the offline map does too). */
function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeToScheme, currentScheme, () => 'light');
}

export type InitialView = {
  /** `[minLon, minLat, maxLon, maxLat]` to fit; wins over center and zoom. */
  bounds?: [number, number, number, number] | null;
  center?: [number, number];
  zoom?: number;
};

export type BaseMapInfo = {
  /** The offline style is shown (configured, or after a fallback). */
  offline: boolean;
  /** The configured style failed and the offline style replaced it. */
  fellBack: boolean;
  /** Why it fell back. */
  reason: string | null;
};

export type MapViewProps = {
  styleUrl: string;
  /** Accessible name of the map (the focusable canvas). */
  label: string;
  /** id of an element that describes how to use the map. */
  describedBy?: string;
  initialView: InitialView;
  /** Height in CSS pixels; without it, the height the `className` gives the box. */
  height?: number;
  /** Pan, zoom and the controls (default true); false: a still picture. */
  interactive?: boolean;
  /** What still works when the map cannot be shown (default: the zone editor's list). */
  withoutMap?: string;
  /** How long symbols fade in and out, ms (maplibre's default 300); 0 draws data changes at once. */
  fadeDuration?: number;
  styleTimeoutMs?: number;
  /** Called once the base style is final and loaded. May return a cleanup, run before the map is removed. */
  onReady?: (map: MaplibreMap, info: BaseMapInfo) => void | (() => void);
  /** Overlays drawn over the map (positioned by the caller). */
  children?: ReactNode;
  className?: string;
};

type Status =
  { state: 'loading' } | { state: 'ready'; info: BaseMapInfo } | { state: 'failed'; message: string };

export function MapView(props: MapViewProps) {
  const { styleUrl, height, children, className } = props;
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // A change of theme makes a new map (in the other palette); onReady sets it up again.
  const scheme = useColorScheme();

  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let map: MaplibreMap | null = null;
    let teardown: void | (() => void);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      const configuredOffline = styleUrl === 'offline' || styleUrl.trim() === '';
      const style = configuredOffline ? await loadOfflineStyle(scheme) : styleUrl;
      if (cancelled) return;
      ensureWorkerUrl();
      const {
        initialView,
        label,
        styleTimeoutMs = DEFAULT_STYLE_TIMEOUT_MS,
        interactive = true,
        fadeDuration,
      } = latest.current;
      const view = initialView.bounds
        ? { bounds: initialView.bounds as LngLatBoundsLike, fitBoundsOptions: { padding: 40, maxZoom: 15 } }
        : { center: initialView.center ?? ([0, 20] as [number, number]), zoom: initialView.zoom ?? 1.2 };
      const created = new MaplibreMap({
        container,
        style,
        ...view,
        interactive,
        ...(fadeDuration === undefined ? {} : { fadeDuration }),
        attributionControl: { compact: true },
        locale: maplibreLocale(label),
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
      });
      map = created;
      created.touchZoomRotate.disableRotation();
      created.keyboard.disableRotation();
      if (interactive) {
        created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
        created.addControl(new ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left');
      }
      const canvas = created.getCanvas();
      if (latest.current.describedBy) canvas.setAttribute('aria-describedby', latest.current.describedBy);

      let styleLoaded = false;
      let fellBack = false;
      let reason: string | null = null;
      const fallBack = (why: string) => {
        if (styleLoaded || fellBack || cancelled) return;
        fellBack = true;
        reason = why;
        clearTimeout(timer);
        console.warn(`Base map style ${styleUrl} could not be used (${why}); showing the offline base map.`);
        loadOfflineStyle(scheme).then(
          (offlineStyle) => {
            if (!cancelled) created.setStyle(offlineStyle, { diff: false });
          },
          (error: unknown) => {
            const reason = errorMessage(error);
            if (!cancelled)
              setStatus({
                state: 'failed',
                message: i18n._(msg`The offline base map could not be loaded: ${reason}`),
              });
          },
        );
      };
      if (!configuredOffline) {
        timer = setTimeout(() => {
          const seconds = Math.round(styleTimeoutMs / 1000);
          fallBack(i18n._(msg`no style after ${seconds} s`));
        }, styleTimeoutMs);
        created.on('error', (event) => {
          if (!styleLoaded) fallBack(errorMessage(event));
          else console.warn(`Base map: ${errorMessage(event)}`); // a tile or sprite; the map goes on
        });
      }
      // The map's rendering state on its container, for tests and the bench: "busy" while it
      // draws frames, "idle" once everything asked for is drawn (maplibre's `idle`), and a
      // count of those idles, so a caller can wait for the frame after its own change; and what
      // the map shows then, `west,south,east,north` in degrees.
      let idles = 0;
      created.on('render', () => {
        if (container.dataset.mapState !== 'busy') container.dataset.mapState = 'busy';
      });
      created.on('idle', () => {
        container.dataset.mapIdle = String(++idles);
        container.dataset.mapState = 'idle';
        container.dataset.mapBounds = created.getBounds().toArray().flat().join(',');
      });
      created.on('style.load', () => {
        styleLoaded = true;
        clearTimeout(timer);
      });
      created.once('load', () => {
        if (cancelled) return;
        const info: BaseMapInfo = { offline: configuredOffline || fellBack, fellBack, reason };
        setStatus({ state: 'ready', info });
        teardown = latest.current.onReady?.(created, info);
      });
    };

    start().catch((error: unknown) => {
      if (!cancelled) setStatus({ state: 'failed', message: errorMessage(error) });
    });

    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (teardown) teardown();
      map?.remove();
      map = null;
    };
  }, [styleUrl, attempt, scheme]);

  const failed = status.state === 'failed';
  const reason = (status.state === 'ready' && status.info.reason) || t`unknown error`;
  return (
    <div
      className={[s.mapBox, className].filter(Boolean).join(' ')}
      style={height === undefined ? undefined : { height }}
    >
      <div ref={containerRef} className={s.mapCanvas} hidden={failed} />
      {status.state === 'loading' && (
        <div className={s.mapLoading} role="status" aria-label={t`Loading map`}>
          <Skeleton style={{ height: '100%' }} />
        </div>
      )}
      {failed && (
        // A status, not an alert: it is there from the start when the browser has no WebGL,
        // and the rest of the editor (the zone list, import, export) still works.
        <div className={s.mapFailed} role="status">
          <strong className={s.mapFailedTitle}>
            <Trans>The map could not be shown</Trans>
          </strong>
          <span>
            {[`${status.message}.`, props.withoutMap ?? t`Zones can still be edited in the list.`]
              .filter(Boolean)
              .join(' ')}
          </span>
          <Button
            size="sm"
            onClick={() => {
              setStatus({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Retry</Trans>
          </Button>
        </div>
      )}
      {status.state === 'ready' && status.info.offline && (
        <div
          className={s.offlineNotice}
          role="note"
          title={status.info.fellBack ? t`The street map could not be loaded (${reason}).` : undefined}
        >
          <Trans>Offline base map: streets not shown</Trans>
        </div>
      )}
      {status.state === 'ready' && children}
    </div>
  );
}
