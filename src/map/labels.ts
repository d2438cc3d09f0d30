/**
 * Text on the map: each zone's number and name, a short note where a zone has a located
 * problem ("Edges cross"), and a marker's name beside it (the points map's riders). HTML markers, since the offline style has no glyphs for map text.
 * They let clicks through to the map (drawing goes on under them) and are hidden from
 * assistive technology: the zone list says the same. Only imported by the map chunk.
 */
import { Marker, type Map as MaplibreMap } from 'maplibre-gl';
import s from './labels.module.css';

export type MapLabel = {
  id: string;
  kind: 'zone' | 'issue' | 'name';
  position: [number, number];
  text: string;
  /** The zone's number, shown in its colour before the text. */
  number?: number;
  color?: string;
  /** Drawn faded, as its marker is (a name only). */
  dim?: boolean;
};

const CLASS = { zone: s.zoneLabel!, issue: s.issueLabel!, name: s.nameLabel! };

type Shown = { marker: Marker; key: string };

function render(element: HTMLElement, label: MapLabel): void {
  // classList: maplibre puts its own classes on the element.
  element.classList.remove(...Object.values(CLASS), s.dim!);
  element.classList.add(CLASS[label.kind]);
  if (label.dim) element.classList.add(s.dim!);
  element.dataset.mapLabel = label.kind;
  element.replaceChildren();
  if (label.number !== undefined) {
    const number = document.createElement('span');
    number.className = s.zoneLabelNumber!;
    number.textContent = String(label.number);
    element.append(number);
  }
  element.append(label.text);
  if (label.color) element.style.setProperty('--zone-color', label.color);
}

/** Keeps one marker per label, changing only those whose text, colour or place changed. */
export class MapLabels {
  private shown = new Map<string, Shown>();

  constructor(private readonly map: MaplibreMap) {}

  set(labels: readonly MapLabel[]): void {
    const wanted = new Set(labels.map((l) => l.id));
    for (const [id, { marker }] of this.shown) {
      if (!wanted.has(id)) {
        marker.remove();
        this.shown.delete(id);
      }
    }
    for (const label of labels) {
      const key = `${label.kind}|${label.text}|${label.number ?? ''}|${label.color ?? ''}|${label.dim ?? ''}`;
      const have = this.shown.get(label.id);
      if (have) {
        have.marker.setLngLat(label.position);
        if (have.key !== key) render(have.marker.getElement(), label);
        have.key = key;
        continue;
      }
      const element = document.createElement('div');
      element.setAttribute('aria-hidden', 'true');
      // A name's own direction, whatever the page's: "Noah Jansen · RDR-002417" reads the same
      // on a right-to-left page, and an Arabic name right to left on a left-to-right one.
      element.dir = 'auto';
      render(element, label);
      // A zone's label hangs below its point, so a pin standing on that point leaves it readable.
      const marker = new Marker({
        element,
        anchor: label.kind === 'zone' ? 'top' : 'left',
        offset: label.kind === 'zone' ? [0, 10] : [10, 0],
      })
        .setLngLat(label.position)
        .addTo(this.map);
      this.shown.set(label.id, { marker, key });
    }
  }

  remove(): void {
    for (const { marker } of this.shown.values()) marker.remove();
    this.shown.clear();
  }
}
