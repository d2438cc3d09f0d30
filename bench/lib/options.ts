/** Command-line options of `npm run bench`. */
import { parseArgs } from 'node:util';

export const GROUPS = [
  'bundle',
  'geo',
  'first-rows',
  'cpu4x',
  'page-change',
  'drawer',
  'drawer-follow',
  'search',
  'status-counts',
  'rows1000',
  'heap',
  'ops-map',
  'overview',
  'server',
  'editor',
  'editor-phone',
  'coverage',
  'put',
] as const;
export type Group = (typeof GROUPS)[number];

export interface Options {
  runs: number;
  /**
   * Runs of the cold loads (first rows, the static copy, CPU 4x, the 1,000-row page, the
   * editor): 9 unless --runs says otherwise. A cold load on this shared machine swings by 2×
   * between runs (the static copy: 52-135 ms in one run of 5), and a median of 5 with it.
   */
  coldRuns: number;
  quick: boolean;
  groups: Set<Group>;
  jobs: number;
  seed: number;
  build: boolean;
  /** Record a Chrome trace of one extra run of each browser figure (bench/out/traces). */
  trace: boolean;
  /** Run the server with --cpu-prof (bench/out/profiles). */
  serverProfile: boolean;
  loadSeconds: number;
  putCount: number;
}

export const USAGE = `npm run bench -- [--runs N] [--quick] [--only ${GROUPS.join(',')}]
  [--jobs N] [--seed N] [--no-build] [--trace] [--server-prof]`;

function wholeNumber(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number ≥ ${min}, got ${raw}`);
  return value;
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      jobs: { type: 'string' },
      seed: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
      'server-prof': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick;
  const only = values.only
    ?.split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  for (const g of only ?? []) {
    if (!(GROUPS as readonly string[]).includes(g))
      throw new Error(`--only: unknown group ${g} (groups: ${GROUPS.join(', ')})`);
  }
  return {
    runs: wholeNumber('runs', values.runs, quick ? 3 : 5),
    coldRuns: wholeNumber('runs', values.runs, quick ? 3 : 9),
    quick,
    groups: new Set((only ?? GROUPS) as Group[]),
    jobs: wholeNumber('jobs', values.jobs, 100_000, 100),
    seed: wholeNumber('seed', values.seed, 42, 0),
    build: !values['no-build'],
    trace: values.trace,
    serverProfile: values['server-prof'],
    loadSeconds: quick ? 5 : 10,
    putCount: quick ? 30 : 100,
  };
}
