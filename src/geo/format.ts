import type { PositionLike } from './ring';

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

/** `1 point`, `3 points`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A distance in km, rounded to what a person needs: `3.4 km`, `72 km`. */
export function formatKm(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

/** `"North"` when the zone has a name, else its id in quotes. */
export function quoteZone(zone: { id: string; name: string | null }): string {
  return `"${zone.name ?? zone.id}"`;
}
