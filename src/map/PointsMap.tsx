/**
 * A map of markers (default export, for `React.lazy`: it pulls in maplibre). GeoJSON in, ids
 * out: it draws the markers it is given (clustered where they crowd, with maplibre's own
 * GeoJSON clustering), markers apart from the clusters, landmarks, faint areas and lines, highlights the markers of one key,
 * fits to the bounds it is asked to, and hands back the id of what the user selects. It knows
 * nothing of what the markers stand for.
 *
 * Names: a marker never clustered that has a `name` gets it written beside it (an HTML label,
 * labels.ts: the offline style has no glyphs) where it fits, clear of the other markers and the
 * map's controls (name-placement.ts), placed again when the map stops moving and when the data
 * or the highlight change; the highlighted markers' names first, then the faded ones' last.
 *
 * Selecting: a marker with one target hands it over at once; a marker with several, or a
 * cluster, opens a list of its targets (and, for a cluster, Zoom in). Esc closes the list.
 *
 * The map's container carries `data-map-data`, a count of the data changes handed to the
 * map; each sets `data-map-state` to "busy" until the map is idle again (MapView), so a test
 * can wait for the frame that shows a change.
 */
import type { FeatureCollection, GeoJSON, MultiPolygon, Polygon } from 'geojson';
import { Popup, type GeoJSONSource, type Map as MaplibreMap, type MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { MapView } from './MapView';
import { MapLabels, type MapLabel } from './labels';
import { drawImage } from './marker-look';
import { placeNames, type Box, type NameBox } from './name-placement';
import { addPointsLayers, areaMatch, LAYER, PICKABLE, SOURCE, toSource } from './points-layers';
import type {
  FitRequest,
  LineCollection,
  MapTarget,
  MarkerCollection,
  MarkerProperties,
  PointsMapProps,
} from './types';
import s from './PointsMap.module.css';

/** Targets listed for a cluster before "zoom in to see the rest". */
const LIST_MAX = 40;
const EMPTY: MarkerCollection = { type: 'FeatureCollection', features: [] };
const NO_AREAS: FeatureCollection<Polygon | MultiPolygon> = { type: 'FeatureCollection', features: [] };
const NO_LINES: LineCollection = { type: 'FeatureCollection', features: [] };

function uniqueTargets(markers: readonly MarkerProperties[]): MapTarget[] {
  const seen = new Map<string, MapTarget>();
  for (const m of markers) for (const t of m.targets) if (!seen.has(t.id)) seen.set(t.id, t);
  return [...seen.values()];
}

/** Fits the map to a request as MapView opens it (room around for the markers, less on a small map). */
function fitTo(map: MaplibreMap, fit: FitRequest): void {
  const { clientWidth, clientHeight } = map.getContainer();
  const padding = Math.max(0, Math.min(40, clientWidth / 4, clientHeight / 4));
  map.fitBounds(fit.bounds, { padding, maxZoom: 15, animate: fit.animate === true });
}

/** A name's box beside its marker (labels.ts: right of it by 10 px, 20 px high, at most 20em wide). */
const NAME = { offset: 10, height: 20, padding: 14, maxWidth: 220 };

/** The width of a name in the labels' font (a rough guess where the page cannot measure). */
function nameWidths(container: HTMLElement): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * 7;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font
  context.font = `600 11px ${getComputedStyle(container).fontFamily}`;
  return (text) => context.measureText(text).width;
}

/**
 * What a name must not cover, in the map's pixels: the markers drawn on it (jobs, clusters, the
 * highlight, but not the `named` markers' own highlight) and what lies over it (its controls,
 * the base map's notice beside it).
 */
function nameObstacles(map: MaplibreMap, named: ReadonlySet<string>): Box[] {
  const container = map.getContainer();
  const origin = container.getBoundingClientRect();
  const boxes: Box[] = [];
  const over = [
    ...container.querySelectorAll('.maplibregl-ctrl'),
    ...(container.parentElement?.children ?? []),
  ];
  for (const element of over) {
    if (element === container) continue;
    const r = element.getBoundingClientRect();
    if (r.width && r.height)
      boxes.push({ left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height });
  }
  const layers = [LAYER.points, LAYER.clusters, LAYER.unclustered, LAYER.highlight].filter((id) =>
    map.getLayer(id),
  );
  for (const feature of map.queryRenderedFeatures({ layers })) {
    if (feature.geometry.type !== 'Point' || named.has(String(feature.properties?.id))) continue;
    const { x, y } = map.project(feature.geometry.coordinates as [number, number]);
    // A marker's image is 24 px; a cluster's disc grows with its count's digits (marker-look.ts).
    const count = feature.properties?.point_count_abbreviated as string | number | undefined;
    const r = count === undefined ? 12 : 16 + Math.min(String(count).length, 5) * 2;
    boxes.push({ left: x - r, top: y - r, width: 2 * r, height: 2 * r });
  }
  return boxes;
}

/** A source of the map and the data it shows; `markers`: handed over through `toSource`. */
type Feed = { source: string; data: GeoJSON; markers?: boolean };

const defaultDescribe = (markers: MarkerProperties[]) => {
  const count = markers.length;
  return i18n._(msg`${plural(count, { one: '# marker', other: '# markers' })}`);
};

export default function PointsMap(props: PointsMapProps) {
  const {
    styleUrl,
    label,
    points,
    landmarks = EMPTY,
    unclustered = EMPTY,
    areas = NO_AREAS,
    lines = NO_LINES,
    highlight = null,
    fit = null,
  } = props;
  const { overlaps = NO_AREAS } = props;
  const { interactive = true, cluster = true, describedBy, className } = props;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const mapRef = useRef<MaplibreMap | null>(null);
  const byId = useRef(new Map<string, MarkerProperties>());
  // The fit a new map opens at (MapView reads `initialView` when it creates one).
  const fitted = useRef<string | number | null>(null);
  // The data each source of the current map was last handed.
  const sent = useRef(new Map<string, GeoJSON>());
  // A new map (first load, a theme change, a retry) re-runs the effects that hand it data.
  const [generation, setGeneration] = useState(0);
  // Writes the markers' names that fit (set by each new map).
  const placeNamesRef = useRef<(() => void) | null>(null);

  /** Hands `data` to a source and marks the map busy until it has drawn it. */
  const put = (map: MaplibreMap, source: string, data: GeoJSON) => {
    const target = map.getSource(source) as GeoJSONSource | undefined;
    if (!target) return;
    void target.setData(data);
    const container = map.getContainer();
    container.dataset.mapData = String(Number(container.dataset.mapData ?? 0) + 1);
    container.dataset.mapState = 'busy';
  };

  useEffect(() => {
    const index = new Map<string, MarkerProperties>();
    for (const f of points.features) index.set(f.properties.id, f.properties);
    for (const f of landmarks.features) index.set(f.properties.id, f.properties);
    for (const f of unclustered.features) index.set(f.properties.id, f.properties);
    byId.current = index;
  }, [points, landmarks, unclustered]);

  // The markers of the highlighted key; the same empty collection while none is, so an unlit
  // map is not handed an empty highlight again and again.
  const highlighted = useMemo((): MarkerCollection => {
    if (highlight === null) return EMPTY;
    const features = [...points.features, ...landmarks.features, ...unclustered.features].filter((f) =>
      f.properties.keys.includes(highlight),
    );
    return features.length ? { type: 'FeatureCollection', features } : EMPTY;
  }, [highlight, points, landmarks, unclustered]);

  // What each source shows, one row per source: a row's data goes to the map when it changes,
  // and all of it to a new map.
  const feeds: readonly Feed[] = [
    { source: SOURCE.points, data: points, markers: true },
    { source: SOURCE.landmarks, data: landmarks, markers: true },
    { source: SOURCE.unclustered, data: unclustered, markers: true },
    { source: SOURCE.highlight, data: highlighted, markers: true },
    { source: SOURCE.areas, data: areas },
    { source: SOURCE.overlaps, data: overlaps },
    { source: SOURCE.lines, data: lines },
  ];
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    for (const { source, data, markers } of feeds) {
      if (sent.current.get(source) === data) continue;
      sent.current.set(source, data);
      put(map, source, markers ? toSource(data as MarkerCollection) : data);
    }
  });
  useEffect(() => placeNamesRef.current?.(), [landmarks, unclustered, highlight, generation]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map?.getLayer(LAYER.areaHighlight)) return;
    map.setFilter(LAYER.areaHighlight, areaMatch(highlight));
    map.setFilter(LAYER.overlapHighlight, areaMatch(highlight));
  }, [highlight, generation]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !fit || fitted.current === fit.key) return;
    fitted.current = fit.key;
    fitTo(map, fit);
  }, [fit, generation]);

  const onReady = (map: MaplibreMap) => {
    mapRef.current = map;
    // The map opened at the latest fit (MapView's initial view).
    fitted.current = latest.current.fit?.key ?? null;
    // A new map's sources start empty (the highlight stays so until a key is lit).
    sent.current = new Map([[SOURCE.highlight, EMPTY]]);
    const popup = { current: null as Popup | null };
    const tooltip = new Popup({
      closeButton: false,
      closeOnClick: false,
      className: s.tooltip,
      offset: 14,
      maxWidth: '280px',
    });
    const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));

    map.setMissingStyleImageResolver((id) => {
      if (map.hasImage(id)) return;
      const image = drawImage(id, ratio);
      if (image) map.addImage(id, image, { pixelRatio: ratio });
    });

    addPointsLayers(map, { cluster, highlight: latest.current.highlight ?? null });

    const names = new MapLabels(map);
    const widthOf = nameWidths(map.getContainer());
    const placeMarkerNames = () => {
      const { landmarks: under = EMPTY, unclustered: over = EMPTY, highlight: lit = null } = latest.current;
      const named = [...over.features, ...under.features].filter((f) => f.properties.name);
      const rank = (p: MarkerProperties) => (lit !== null && p.keys.includes(lit) ? 0 : p.dim ? 2 : 1);
      named.sort((a, b) => rank(a.properties) - rank(b.properties));
      const byName = new Map<string, MapLabel>();
      const boxes = function* (): Generator<NameBox> {
        for (const { geometry, properties } of named) {
          const position = geometry.coordinates as [number, number];
          const { x, y } = map.project(position);
          const text = properties.name!;
          const width = Math.min(NAME.maxWidth, widthOf(text) + NAME.padding);
          byName.set(properties.id, { id: properties.id, kind: 'name', position, text, dim: properties.dim });
          yield {
            id: properties.id,
            left: x + NAME.offset,
            top: y - NAME.height / 2,
            width,
            height: NAME.height,
          };
        }
      };
      const { clientWidth, clientHeight } = map.getContainer();
      const ids = new Set(named.map((f) => f.properties.id));
      const shown = placeNames(boxes(), clientWidth, clientHeight, nameObstacles(map, ids));
      names.set(shown.map((id) => byName.get(id)!));
    };
    placeNamesRef.current = placeMarkerNames;
    map.on('moveend', placeMarkerNames);
    map.on('resize', placeMarkerNames);

    const closeList = () => {
      popup.current?.remove();
      popup.current = null;
    };
    const select = (id: string) => {
      closeList();
      latest.current.onSelect?.(id);
    };

    /** A list of targets in a popup at `at`: buttons that select, and an optional last action. */
    const showList = (
      at: [number, number],
      title: string,
      targets: MapTarget[],
      more: number,
      zoom?: () => void,
    ) => {
      closeList();
      const root = document.createElement('div');
      root.className = s.list!;
      const heading = document.createElement('p');
      heading.className = s.listTitle!;
      heading.textContent = title;
      root.append(heading);
      if (targets.length) {
        const list = document.createElement('ul');
        for (const target of targets) {
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = target.label;
          button.addEventListener('click', () => select(target.id));
          item.append(button);
          list.append(item);
        }
        root.append(list);
      }
      if (more > 0) {
        const note = document.createElement('p');
        note.className = s.listNote!;
        note.textContent = i18n._(msg`and ${more} more: zoom in to see them`);
        root.append(note);
      }
      if (zoom) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = s.zoom!;
        button.textContent = i18n._(msg`Zoom in`);
        button.addEventListener('click', () => {
          closeList();
          zoom();
        });
        root.append(button);
      }
      tooltip.remove();
      popup.current = new Popup({ className: s.popup, maxWidth: '320px', offset: 16, focusAfterOpen: true })
        .setLngLat(at)
        .setDOMContent(root)
        .addTo(map);
    };

    const onClick = async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const at = feature.geometry.coordinates as [number, number];
      const clusterId = feature.properties?.cluster_id as number | undefined;
      if (clusterId !== undefined) {
        const source = map.getSource(SOURCE.points) as GeoJSONSource;
        const count = Number(feature.properties?.point_count ?? 0);
        const leaves = await source.getClusterLeaves(clusterId, 500, 0);
        const markers = leaves
          .map((leaf) => byId.current.get(String(leaf.properties?.id)))
          .filter((m): m is MarkerProperties => m !== undefined);
        const targets = uniqueTargets(markers);
        const describe = latest.current.describeCluster ?? defaultDescribe;
        const more = Math.max(0, targets.length - LIST_MAX) + Math.max(0, count - leaves.length);
        showList(at, describe(markers), targets.slice(0, LIST_MAX), more, () => {
          void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: at, zoom }));
        });
        return;
      }
      const marker = byId.current.get(String(feature.properties?.id));
      if (!marker) return;
      if (marker.targets.length === 1) select(marker.targets[0]!.id);
      else showList(at, marker.label, marker.targets, 0);
    };

    if (latest.current.interactive !== false) {
      map.on('click', PICKABLE, (event) => void onClick(event));
      map.on('mousemove', PICKABLE, (event) => {
        const feature = event.features?.[0];
        if (!feature || feature.geometry.type !== 'Point') return;
        map.getCanvas().style.cursor = 'pointer';
        const p = feature.properties ?? {};
        let text: string;
        if (p.cluster_id !== undefined) {
          const alerts = Number(p.alerts ?? 0);
          const count = String(p.point_count_abbreviated);
          const word = latest.current.alertWord ?? i18n._(msg`flagged`);
          text = alerts
            ? i18n._(msg`${count} here, ${alerts} ${word}: click to list them`)
            : i18n._(msg`${count} here: click to list them`);
        } else text = byId.current.get(String(p.id))?.label ?? '';
        if (!text) return;
        tooltip
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setText(text)
          .addTo(map);
      });
      map.on('mouseleave', PICKABLE, () => {
        map.getCanvas().style.cursor = '';
        tooltip.remove();
      });
      // Areas with an id are picked where no marker is: their label on hover, their id on click.
      const areaAt = (event: MapLayerMouseEvent) => {
        if (map.queryRenderedFeatures(event.point, { layers: PICKABLE }).length > 0) return null;
        const feature = event.features?.find((f) => typeof f.properties?.id === 'string');
        return feature
          ? { id: String(feature.properties.id), label: String(feature.properties.label ?? '') }
          : null;
      };
      map.on('click', LAYER.areaFill, (event) => {
        const area = areaAt(event);
        if (area) select(area.id);
      });
      map.on('mousemove', LAYER.areaFill, (event) => {
        const area = areaAt(event);
        if (!area) return;
        map.getCanvas().style.cursor = 'pointer';
        if (area.label) tooltip.setLngLat(event.lngLat).setText(area.label).addTo(map);
      });
      map.on('mouseleave', LAYER.areaFill, () => {
        map.getCanvas().style.cursor = '';
        tooltip.remove();
      });
    }
    const container = map.getContainer();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !popup.current) return;
      event.preventDefault();
      event.stopPropagation();
      closeList();
      map.getCanvas().focus();
    };
    container.addEventListener('keydown', onKey);
    setGeneration((n) => n + 1);
    return () => {
      container.removeEventListener('keydown', onKey);
      closeList();
      tooltip.remove();
      names.remove();
      placeNamesRef.current = null;
      mapRef.current = null;
    };
  };

  return (
    <MapView
      styleUrl={styleUrl}
      label={label}
      describedBy={describedBy}
      initialView={{ bounds: fit?.bounds ?? null }}
      interactive={interactive}
      // A refresh's markers drawn at once, not faded in.
      fadeDuration={0}
      withoutMap={props.withoutMap ?? ''}
      onReady={onReady}
      className={[s.box, className].filter(Boolean).join(' ')}
    />
  );
}
