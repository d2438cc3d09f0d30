import type { PositionLike } from './ring';
import { numberFormat } from '../lib/count';

/** `51.507120, -0.123450 (lat, lon)`: how a position is shown to people (latitude first). */
export function formatPoint(position: PositionLike): string {
  return `${formatDegrees(position[1])}, ${formatDegrees(position[0])} (lat, lon)`;
}

function formatDegrees(value: number | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(6) : String(value);
}

/** "The zone's outline" for ring 0, "Hole 2" for ring 2. */
export function ringSubject(ring: number): string {
  return ring === 0 ? "The zone's outline" : `Hole ${ring}`;
}

/** "the zone's outline" / "hole 2", for use inside a sentence. */
export function ringObject(ring: number): string {
  return ring === 0 ? "the zone's outline" : `hole ${ring}`;
}

/** A distance in km, rounded to what a person needs: `3.4 km`, `72 km`. */
export function formatKm(km: number): string {
  const digits = km < 10 ? 1 : 0;
  return `${numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}

/** `"North"` when the zone has a name, else its id in quotes. */
export function quoteZone(zone: { id: string; name: string | null }): string {
  return `"${zone.name ?? zone.id}"`;
}

/**
 * An area as people read it: `850 m²` under 0.01 km², else `0.82 km²`, `12.4 km²`, `150 km²`
 * (numbers, like the distances and shares here, in the chosen locale: src/lib/locale.ts).
 */
export function formatAreaKm2(km2: number): string {
  if (km2 < 0.01) return `${numberFormat().format(Math.max(1, Math.round(km2 * 1e6)))} m²`;
  const digits = km2 < 10 ? 2 : km2 < 100 ? 1 : 0;
  return `${numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km2)} km²`;
}

/**
 * A share in whole percent, `<1 %` for a trace: `7 %`. Null when the whole has no valid area (a
 * zone that crosses itself measures zero, or less than its own overlap): no share is better
 * than a wrong one.
 */
export function formatShare(part: number, whole: number): string | null {
  if (!(whole > 0) || !(part >= 0) || part > whole * 1.0001) return null;
  const percent = (100 * part) / whole;
  return percent < 1 ? `<${numberFormat().format(1)} %` : `${numberFormat().format(Math.round(percent))} %`;
}

/** ", 7 % of Zone 2" for a message, or nothing when the share cannot be told. */
export function shareOf(part: number, whole: number, label: string): string {
  const share = formatShare(part, whole);
  return share === null ? '' : `, ${share} of ${label}`;
}
