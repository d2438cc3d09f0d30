/** Shapes shared by the tests of zones (unit, component, server, end-to-end). Positions are [lon, lat]. */

export type Ring = [number, number][];

/**
 * A closed square ring with its lower-left corner at (lon, lat), counter-clockwise (the
 * winding RFC 7946 asks of an exterior ring). `reversed(square(...))` is the clockwise one.
 */
export function square(lon: number, lat: number, size = 1): Ring {
  return [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat + size],
    [lon, lat],
  ];
}

/** The same ring walked the other way round. */
export function reversed<T>(ring: readonly T[]): T[] {
  return [...ring].reverse();
}

/** A closed, round-ish ring of `corners` corners around (lon, lat), `radius` degrees across, counter-clockwise. */
export function circle(lon: number, lat: number, radius: number, corners: number): Ring {
  const ring: Ring = [];
  for (let i = 0; i < corners; i++) {
    const angle = (2 * Math.PI * i) / corners;
    ring.push([lon + radius * Math.cos(angle), lat + radius * Math.sin(angle)]);
  }
  ring.push([...ring[0]!]);
  return ring;
}
