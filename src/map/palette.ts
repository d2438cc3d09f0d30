/**
 * Zone colours: one per zone by its position, the same in the list and on the map. Colour is
 * never the only cue: each zone is also numbered and named on the map and in the list. Red
 * (problems), amber (warnings, overlaps) and grey (other branches) are kept for their meanings.
 */
export const ZONE_PALETTE = [
  '#1f6fb4',
  '#2e8b2e',
  '#8458b8',
  '#0f8f9e',
  '#c8458f',
  '#8c564b',
  '#7a7a12',
] as const;

export function zoneColor(index: number): string {
  return ZONE_PALETTE[((index % ZONE_PALETTE.length) + ZONE_PALETTE.length) % ZONE_PALETTE.length]!;
}
