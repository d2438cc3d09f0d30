/**
 * How markers look, in one place: their shapes (SVG path data in a 24 × 24 box, drawn on a
 * canvas for the map and as SVG in a legend), the alert ring and the cluster disc. The map
 * draws each look once, when a layer first asks for it by name (the offline style has no
 * sprite and no glyphs, so images and numbers are drawn here). No maplibre in this module:
 * `MarkerSymbol` imports it outside the map chunk.
 */
import type { MarkerShape } from './types';

/* eslint-disable lingui/no-unlocalized-strings -- SVG path data */
export const SHAPE_PATHS: Record<MarkerShape, string> = {
  circle: 'M12 4.5a7.5 7.5 0 1 1 0 15a7.5 7.5 0 1 1 0-15Z',
  square: 'M5.5 5.5h13v13h-13Z',
  triangle: 'M12 3.5l8.5 15h-17Z',
  diamond: 'M12 2.5l9.5 9.5-9.5 9.5-9.5-9.5Z',
  house: 'M12 3l9 7.5V21H3V10.5Z',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The opacity of a marker drawn `dim` (faded), on the map and in a legend. */
export const DIM_OPACITY = 0.45;

/** The alert ring's colour; the ring is a shape of its own, so an alert never rests on colour alone. */
export const ALERT_COLOR = '#d92d20';
const OUTLINE = '#ffffff';
const CLUSTER_FILL = '#334155';
/** Room around the 24 px shape for the alert ring. */
const PAD = 5;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export type MarkerLook = { shape: MarkerShape; color: string; alert: boolean; text?: string };

/** The image name of a marker's look: what a layer asks for. */
export function markerImageName(look: MarkerLook): string {
  return ['m', look.shape, look.color, look.alert ? '1' : '0', look.text ?? ''].join('|');
}

type Drawn = { width: number; height: number; data: Uint8ClampedArray };

function canvas(size: number, ratio: number): CanvasRenderingContext2D | null {
  const element = document.createElement('canvas');
  element.width = element.height = Math.ceil(size * ratio);
  const context = element.getContext('2d');
  context?.scale(ratio, ratio);
  return context;
}

function pixels(context: CanvasRenderingContext2D): Drawn {
  const { width, height } = context.canvas;
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

function ring(context: CanvasRenderingContext2D, center: number, radius: number): void {
  context.beginPath();
  context.arc(center, center, radius, 0, Math.PI * 2);
  context.lineWidth = 4.5;
  context.strokeStyle = OUTLINE;
  context.stroke();
  context.lineWidth = 2.5;
  context.strokeStyle = ALERT_COLOR;
  context.stroke();
}

function label(context: CanvasRenderingContext2D, text: string, center: number, px: number): void {
  context.fillStyle = OUTLINE;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font
  context.font = `700 ${px}px ${FONT}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, center, center + 0.5);
}

function drawMarker(look: MarkerLook, ratio: number): Drawn | null {
  const size = 24 + PAD * 2;
  const context = canvas(size, ratio);
  if (!context) return null;
  const center = size / 2;
  if (look.alert) ring(context, center, 14);
  context.translate(PAD, PAD);
  const path = new Path2D(SHAPE_PATHS[look.shape]);
  context.fillStyle = look.color;
  context.fill(path);
  context.lineWidth = 1.75;
  context.lineJoin = 'round';
  context.strokeStyle = OUTLINE;
  context.stroke(path);
  context.translate(-PAD, -PAD);
  if (look.text) label(context, look.text.slice(0, 2), center, look.text.length > 1 ? 8.5 : 10);
  return pixels(context);
}

function drawCluster(count: string, alert: boolean, ratio: number): Drawn | null {
  const radius = 12 + Math.min(count.length, 5) * 2;
  const size = (radius + PAD + 2) * 2;
  const context = canvas(size, ratio);
  if (!context) return null;
  const center = size / 2;
  if (alert) ring(context, center, radius + 3.5);
  context.beginPath();
  context.arc(center, center, radius, 0, Math.PI * 2);
  context.fillStyle = CLUSTER_FILL;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = OUTLINE;
  context.stroke();
  label(context, count, center, 12);
  return pixels(context);
}

/**
 * The image an image name stands for (`markerImageName`, or a cluster's
 * `c|<count>|<0 or 1>`), drawn at `ratio` device pixels per CSS pixel; null for a name
 * that is not one of these, or without a 2D canvas.
 */
export function drawImage(name: string, ratio: number): Drawn | null {
  const [kind, a = '', b = '', c = '', text = ''] = name.split('|');
  if (kind === 'c') return drawCluster(a, b === '1', ratio);
  if (kind === 'm' && a in SHAPE_PATHS)
    return drawMarker({ shape: a as MarkerShape, color: b, alert: c === '1', text }, ratio);
  return null;
}
