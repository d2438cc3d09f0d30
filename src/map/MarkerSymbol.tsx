import { ALERT_COLOR, DIM_OPACITY, SHAPE_PATHS } from './marker-look';
import type { MarkerShape } from './types';

/**
 * A marker as the map draws it, as inline SVG (for a legend): decorative, the caller names it
 * in words. No maplibre here: safe to import outside the map chunk.
 */
export function MarkerSymbol({
  shape,
  color,
  alert = false,
  dim = false,
  size = 16,
}: {
  shape: MarkerShape;
  color: string;
  alert?: boolean;
  /** Faded, as the map draws a `dim` marker. */
  dim?: boolean;
  size?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="-5 -5 34 34"
      aria-hidden="true"
      focusable="false"
      opacity={dim ? DIM_OPACITY : undefined}
    >
      {alert && <circle cx="12" cy="12" r="14" fill="none" stroke={ALERT_COLOR} strokeWidth="2.5" />}
      <path d={SHAPE_PATHS[shape]} fill={color} stroke="#fff" strokeWidth="1.75" strokeLinejoin="round" />
    </svg>
  );
}
