/**
 * The offline base map's land and borders (offline-style.ts), made off the main thread from
 * Natural Earth's countries and answered as `data:` URLs that maplibre's worker reads.
 */
import type { Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-50m.json';
import { geojsonDataUrl, offlineData, type OfflineSources } from './offline-style';

self.onmessage = () => {
  const { land, borders } = offlineData(countries as unknown as Topology);
  const answer: OfflineSources = { land: geojsonDataUrl(land), borders: geojsonDataUrl(borders) };
  self.postMessage(answer);
};
