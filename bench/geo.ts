/**
 * Geometry figures (printed, never pass/fail): median time to validate and normalise a
 * 10,000-vertex ring (an ordinary outline, and a comb-like random star that is the sweep's bad
 * case), the size of the PUT body that carries it, and the time of overlap warnings on large
 * and on many zones. Run: npx tsx bench/geo.ts
 */
import { normalizeZones, validatePolygon, zoneWarnings } from '../src/geo';

const VERTICES = 10_000;
const RUNS = 30;
const WARM_UP = 5;

/** A closed ring around central London: a circle with a gentle wave, or a star with random radii. */
function ring(shape: 'wavy circle' | 'random star', seed = 1): number[][] {
  let state = seed;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const positions: number[][] = [];
  for (let i = 0; i < VERTICES; i++) {
    const angle = (2 * Math.PI * i) / VERTICES;
    const radius = shape === 'wavy circle' ? 1 + 0.02 * Math.sin(angle * 37) : 0.6 + 0.4 * random();
    positions.push([-0.1276 + 0.25 * radius * Math.cos(angle), 51.5072 + 0.16 * radius * Math.sin(angle)]);
  }
  positions.push(positions[0]!);
  return positions;
}

function medianMs(run: () => unknown): number {
  for (let i = 0; i < WARM_UP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return (times[Math.floor((RUNS - 1) / 2)]! + times[Math.ceil((RUNS - 1) / 2)]!) / 2;
}

function collection(rings: number[][][]) {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'big',
        properties: { name: 'Big' },
        geometry: { type: 'Polygon', coordinates: rings },
      },
    ],
  };
}

for (const shape of ['wavy circle', 'random star'] as const) {
  const rings = [ring(shape)];
  const issues = validatePolygon(rings);
  const fc = collection(rings);
  const body = JSON.stringify({ branch: { delivery_zones: normalizeZones(fc) } });
  console.log(`${shape}, ${VERTICES} vertices (${issues.length} issues):`);
  console.log(
    `  validatePolygon median ${medianMs(() => validatePolygon(rings)).toFixed(2)} ms over ${RUNS} runs`,
  );
  console.log(
    `  normalizeZones  median ${medianMs(() => normalizeZones(fc)).toFixed(2)} ms over ${RUNS} runs`,
  );
  console.log(`  PUT body ${body.length} bytes (${(body.length / 1024).toFixed(1)} KiB)`);
}

// Two overlapping 10k-vertex zones.
const left = ring('wavy circle');
const right = left.map(([lon, lat]) => [lon! + 0.4, lat!]);
const pair = {
  features: [collection([left]).features[0]!, { ...collection([right]).features[0]!, id: 'big-2' }],
};
console.log(
  `zoneWarnings, two overlapping 10k-vertex zones (${zoneWarnings(pair).length} warning): median ${medianMs(() => zoneWarnings(pair, { pin: [-0.1276, 51.5072] })).toFixed(2)} ms`,
);

// 500 neighbouring zones in a 25 x 20 grid, 40 vertices each, every one sharing borders with its neighbours.
function cell(col: number, row: number): number[][] {
  const [x, y, size, perSide] = [-0.5 + col * 0.04, 51.3 + row * 0.025, 0.04, 10];
  const side = (i: number) => i / perSide;
  const corners = [
    ...Array.from({ length: perSide }, (_, i) => [x + size * side(i), y]),
    ...Array.from({ length: perSide }, (_, i) => [x + size, y + 0.025 * side(i)]),
    ...Array.from({ length: perSide }, (_, i) => [x + size * (1 - side(i)), y + 0.025]),
    ...Array.from({ length: perSide }, (_, i) => [x, y + 0.025 * (1 - side(i))]),
  ];
  return [...corners, corners[0]!];
}
const grid = {
  features: Array.from({ length: 500 }, (_, i) => ({
    id: `cell-${i}`,
    properties: {},
    geometry: { type: 'Polygon', coordinates: [cell(i % 25, Math.floor(i / 25))] },
  })),
};
console.log(
  `zoneWarnings, 500 neighbouring 40-vertex zones (${zoneWarnings(grid).length} warnings): median ${medianMs(() => zoneWarnings(grid, { pin: [-0.1276, 51.5072] })).toFixed(2)} ms`,
);
