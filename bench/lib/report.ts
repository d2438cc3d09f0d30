/** The figures' goals, the printed table, results.json and a Markdown copy of the table. */
import { writeFileSync } from 'node:fs';
import { round } from './stats';

export type Figures = Record<string, number | null>;

export interface FigureSpec {
  key: string;
  label: string;
  unit: string;
  /** The goal as written, or '' for a figure without one. */
  goal: string;
  /** Whether the goal is met (given all figures); absent when there is no goal. */
  met?: (value: number, all: Figures) => boolean;
  /** How it was measured, in a few words. */
  how: string;
}

const le = (limit: number) => (v: number) => v <= limit;

export const FIGURES: FigureSpec[] = [
  {
    key: 'jobs_initial_js_gzip_kib',
    label: 'jobs route initial JS',
    unit: 'KiB gz',
    goal: '≤ 150 (check:size)',
    met: le(150),
    how: 'entry + the app it imports at once + their static imports, gzip -9',
  },
  {
    key: 'jobs_initial_css_gzip_kib',
    label: 'jobs route initial CSS',
    unit: 'KiB gz',
    goal: '≤ 15 (check:size)',
    met: le(15),
    how: 'CSS of the initial chunks',
  },
  {
    key: 'map_chunk_gzip_kib',
    label: 'map chunk',
    unit: 'KiB gz',
    goal: '≤ 320 (check:size)',
    met: le(320),
    how: 'lazy chunks holding maplibre/draw',
  },
  {
    key: 'first_rows_app_ms',
    label: 'first rows (the app)',
    unit: 'ms',
    goal: '',
    how: 'nav start → first row painted (the screen usable), cold context',
  },
  {
    key: 'first_rows_static_ms',
    label: 'first rows (static HTML)',
    unit: 'ms',
    goal: '',
    how: 'same 20 rows as static HTML, same server, cold',
  },
  {
    key: 'first_rows_screen_static_ms',
    label: 'first rows (this screen as static HTML)',
    unit: 'ms',
    goal: '',
    how: "the app's page 1 saved with its CSS, no script (the floor for this screen's design)",
  },
  {
    key: 'screen_static_ratio',
    label: 'screen as static HTML / bare table',
    unit: '×',
    goal: '',
    how: 'what the design costs the browser over the bare table, no script involved; ratio of medians',
  },
  {
    key: 'first_rows_screen_ratio',
    label: 'first rows app / screen as static HTML',
    unit: '×',
    goal: '≤ 1.8',
    met: le(1.8),
    how: 'what the client rendering adds over the same screen served whole; ratio of medians',
  },
  {
    key: 'first_rows_app_ms_cpu4x',
    label: 'first rows, CPU 4x slower',
    unit: 'ms',
    goal: '≤ 1000',
    met: le(1000),
    how: 'as first rows, CDP CPU throttling 4x',
  },
  {
    key: 'page_change_ms',
    label: 'page change (Next)',
    unit: 'ms',
    goal: '≤ 50',
    met: le(50),
    how: 'pointerdown → new rows painted, next page prefetched',
  },
  {
    key: 'drawer_open_ms',
    label: 'drawer open (Enter)',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'keydown → drawer content painted, job with ≥ 50 history entries',
  },
  {
    key: 'drawer_open_first_ms',
    label: 'drawer, first open',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'the first of those opens in the session',
  },
  {
    key: 'drawer_history_tab_ms',
    label: 'drawer History tab',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'pointerdown on the tab → timeline painted',
  },
  {
    key: 'drawer_follow_ms',
    label: 'job panel follows j',
    unit: 'ms',
    goal: '≤ 50',
    met: le(50),
    how: 'j on a row with the panel open beside the table → the next job’s overview painted',
  },
  {
    key: 'search_scan_5000_ms',
    label: 'search scan, 5,000 jobs',
    unit: 'ms',
    goal: '≤ 3000',
    met: le(3000),
    how: 'Enter in Search → the row of an order id found as the 5,000th job scanned (pages of 20)',
  },
  {
    key: 'status_counts_ms',
    label: 'status count chips',
    unit: 'ms',
    goal: '≤ 500',
    met: le(500),
    how: 'Enter on a branch filter → every status chip counted for it',
  },
  {
    key: 'rows_1000_ms',
    label: '1,000-row page',
    unit: 'ms',
    goal: '',
    how: 'response end → first row painted, cold: the 1,000 jobs read and checked, then rendered',
  },
  {
    key: 'rows_1000_nav_ms',
    label: '1,000-row page from nav',
    unit: 'ms',
    goal: '',
    how: 'nav start → first row painted, cold',
  },
  {
    key: 'heap_after_20_pages_mb',
    label: 'JS heap after 20 pages',
    unit: 'MB',
    goal: '',
    how: 'CDP heap usage after forced GC',
  },
  {
    key: 'heap_after_200_pages_mb',
    label: 'JS heap after 200 pages',
    unit: 'MB',
    goal: '≤ after 20 + 10',
    met: (v, all) =>
      all.heap_after_20_pages_mb !== null &&
      all.heap_after_20_pages_mb !== undefined &&
      v <= all.heap_after_20_pages_mb + 10,
    how: 'same session, after forced GC',
  },
  {
    key: 'zone_validate_10k_ms',
    label: 'validate 10k-vertex ring',
    unit: 'ms',
    goal: '≤ 50',
    met: le(50),
    how: 'validatePolygon in Node',
  },
  {
    key: 'zones_check_20x500_ms',
    label: 'check 20×500-vertex zones',
    unit: 'ms',
    goal: '',
    how: 'validateZones in Node, zones never checked before',
  },
  {
    key: 'zones_recheck_rename_ms',
    label: 're-check after a rename',
    unit: 'ms',
    goal: '',
    how: 'the same, one zone renamed (shapes unchanged)',
  },
  {
    key: 'zones_recheck_reshape_ms',
    label: 're-check after a reshape',
    unit: 'ms',
    goal: '',
    how: 'the same, one zone of the 20 reshaped',
  },
  {
    key: 'clip_ms',
    label: 'clip a zone to its neighbour',
    unit: 'ms',
    goal: '≤ 20',
    met: le(20),
    how: 'a 500-corner zone minus an overlapping 500-corner neighbour (polyclip-ts), in Node',
  },
  {
    key: 'overlap_ms',
    label: 'measure an overlap',
    unit: 'ms',
    goal: '',
    how: 'the area the same two zones share, as an overlap warning measures it once per edited pair',
  },
  {
    key: 'snap_index_ms',
    label: 'snapping index build',
    unit: 'ms',
    goal: '',
    how: 'the edges of 20 zones of 500 corners indexed (flatbush), on the first move after the zones change; in Node',
  },
  {
    key: 'zone_payload_10k_bytes',
    label: 'PUT body, 10k-vertex zone',
    unit: 'bytes',
    goal: '≤ 230,000',
    met: le(230_000),
    how: 'JSON after normalizeZones',
  },
  {
    key: 'ops_map_open_ms',
    label: 'operations map open',
    unit: 'ms',
    goal: '≤ 1500',
    met: le(1500),
    how: 'pointerdown on "Table and map" (warm jobs screen, page of 20) → stops drawn, map idle, offline style',
  },
  {
    key: 'ops_map_1000_ms',
    label: 'operations map open, 1,000 jobs',
    unit: 'ms',
    goal: '≤ 2000',
    met: le(2000),
    how: 'the same on the instance with pages of 1,000 (clustered)',
  },
  {
    key: 'ops_map_refresh_ms',
    label: 'operations map auto-refresh',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'riders moved; the auto-refresh’s request of page 1 → the map idle with them drawn',
  },
  {
    key: 'editor_ready_ms',
    label: 'branch editor map ready',
    unit: 'ms',
    goal: '≤ 2500',
    met: le(2500),
    how: 'nav start → map ready, 20×500-vertex zones, offline style',
  },
  {
    key: 'editor_typing_ms',
    label: 'typing in the branch editor',
    unit: 'ms',
    goal: '≤ 16',
    met: le(16),
    how: 'keydown → the frame after the Name field shows the key, 20×500-vertex zones loaded, median of 15 keys',
  },
  {
    key: 'editor_phone_form_ms',
    label: 'branch editor form usable, phone',
    unit: 'ms',
    goal: '',
    how: 'nav start → first key in Name handled; 390×844, CPU 4× slower, 20×500-vertex zones',
  },
  {
    key: 'editor_phone_map_first',
    label: 'phone loads where the map came before the form',
    unit: 'loads',
    goal: '0',
    met: le(0),
    how: 'the map editor already on the page when the first key in Name was handled',
  },
  {
    key: 'editor_phone_tbt_ms',
    label: 'branch editor blocking time, phone',
    unit: 'ms',
    goal: '≤ 600',
    met: le(600),
    how: 'sum of long tasks over 50 ms, nav start → map idle + 1 s; 390×844, CPU 4× slower',
  },
  {
    key: 'editor_phone_lcp_ms',
    label: 'branch editor largest paint, phone',
    unit: 'ms',
    goal: '≤ 2500',
    met: le(2500),
    how: 'largest contentful paint; 390×844, CPU 4× slower, cold load',
  },
  {
    key: 'snap_move_ms',
    label: 'snapping, one pointer move',
    unit: 'ms',
    goal: '≤ 4',
    met: le(4),
    how: 'mousemove dispatched over the map while drawing, snapping on, 20×500-vertex zones: maplibre, draw and the snap target; median',
  },
  {
    key: 'snap_move_p95_ms',
    label: 'snapping, one pointer move (p95)',
    unit: 'ms',
    goal: '≤ 16',
    met: le(16),
    how: 'the same, 95th percentile',
  },
  {
    key: 'import_5mb_ms',
    label: 'a 5 MB zones file answered',
    unit: 'ms',
    goal: '≤ 2000',
    met: le(2000),
    how: 'the file input’s change → the refusal or the offer shown: 1,000 areas × 200 corners, read and planned in a worker',
  },
  {
    key: 'import_5mb_task_ms',
    label: 'a 5 MB zones file: longest main-thread task',
    unit: 'ms',
    goal: '≤ 200',
    met: le(200),
    how: 'the longest task (longtask observer) between the file chosen and its answer',
  },
  {
    key: 'impact_classify_ms',
    label: 'impact preview: classify 5,000 deliveries',
    unit: 'ms',
    goal: '≤ 50',
    met: le(50),
    how: 'classifyPoints (src/geo/coverage.ts) in Node: 5,000 points against 20 zones × 500 corners before and after',
  },
  {
    key: 'overview_compute_ms',
    label: 'control room: figures of 10,000 jobs',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'dayFigures and findExceptions (src/rules) in Node: 10,000 jobs of the seed, 30 days, at the reference time',
  },
  {
    key: 'open_scan_ms',
    label: 'control room: the open work’s exceptions',
    unit: 'ms',
    goal: '≤ 2000',
    met: le(2000),
    how: 'navigation to /overview (fresh context) → the whole fleet’s open work read and its exceptions listed',
  },
  {
    key: 'overview_today_ms',
    label: 'control room: today for all branches',
    unit: 'ms',
    goal: '≤ 3000',
    met: le(3000),
    how: 'navigation to /overview (fresh context) → today’s tiles, charts and tables painted, the open work listed',
  },
  {
    key: 'exceptions_follow_ms',
    label: 'control room: the panel follows j',
    unit: 'ms',
    goal: '≤ 50',
    met: le(50),
    how: 'j on a row of the exceptions list with the panel open beside it → the next job’s overview painted',
  },
  {
    key: 'overview_cls',
    label: 'control room: layout shift',
    unit: '',
    goal: '≤ 0.05',
    met: le(0.05),
    how: 'cumulative layout shift of /overview with the extension, no input: at load, and over 10 refresh periods after it (the larger)',
  },
  {
    key: 'overview_cls_bare',
    label: 'control room: layout shift, bare service',
    unit: '',
    goal: '≤ 0.05',
    met: le(0.05),
    how: 'as overview_cls on a service without the extension: at load, and over 10 auto-refreshes (each re-reads the open work) after it',
  },
  {
    key: 'impact_fetch_ms',
    label: 'impact preview: a branch’s 7 days',
    unit: 'ms',
    goal: '≤ 5000',
    met: le(5000),
    how: 'the whole-result scan of a branch’s jobs of 7 days, 2,000 jobs in pages of 20, 4 at a time, against the reference server',
  },
  {
    key: 'coverage_map_ms',
    label: 'coverage map, 50 branches × 20 zones',
    unit: 'ms',
    goal: '≤ 2000',
    met: le(2000),
    how: '/branches?view=map: nav start → the map idle with every zone and the overlaps drawn, offline style',
  },
  {
    key: 'server_jobs_bytes',
    label: 'GET /v1/jobs page, uncompressed',
    unit: 'bytes',
    goal: '',
    how: 'a page of 20 (status+branch, page 1), as sent without Accept-Encoding',
  },
  {
    key: 'server_jobs_gzip_bytes',
    label: 'GET /v1/jobs page, gzip',
    unit: 'bytes',
    goal: '',
    how: 'the same page as sent with Accept-Encoding: gzip',
  },
  {
    key: 'server_jobs_rps',
    label: 'GET /v1/jobs throughput',
    unit: 'req/s',
    goal: '≥ 800 (p99 ≤ 100)',
    met: (v, all) => v >= 800 && (all.server_jobs_p99_ms ?? Infinity) <= 100,
    how: 'autocannon, 50 conns, status+branch, pages rotating, br as browsers ask',
  },
  {
    key: 'server_jobs_uncached_rps',
    label: 'GET /v1/jobs uncached throughput',
    unit: 'req/s',
    goal: '≥ 800',
    met: (v) => v >= 800,
    how: 'autocannon, 50 conns, pages 1-400 of all jobs, page cache off (each page built), br',
  },
  {
    key: 'server_jobs_uncached_cpu_ms_per_request',
    label: 'GET /v1/jobs uncached CPU per request',
    unit: 'ms',
    goal: '≤ 2',
    met: le(2),
    how: 'server CPU time (/proc) over the uncached load',
  },
  {
    key: 'server_jobs_p99_ms',
    label: 'GET /v1/jobs p99',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'same load',
  },
  {
    key: 'server_jobs_cpu_ms_per_request',
    label: 'GET /v1/jobs server CPU',
    unit: 'ms/req',
    goal: '',
    how: 'server CPU time / requests, same load',
  },
  {
    key: 'server_put_p99_ms',
    label: 'PUT 10k-vertex zone p99',
    unit: 'ms',
    goal: '≤ 100',
    met: le(100),
    how: 'sequential PUTs, client side',
  },
];

export type Status = 'met' | 'MISSED' | 'not measured' | '';

export function statusOf(spec: FigureSpec, figures: Figures): Status {
  const value = figures[spec.key];
  if (value === null || value === undefined || Number.isNaN(value)) return spec.met ? 'not measured' : '';
  if (!spec.met) return '';
  return spec.met(value, figures) ? 'met' : 'MISSED';
}

function formatValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (unit === 'bytes') return Math.round(value).toLocaleString('en-GB');
  if (unit === '×') return value.toFixed(2);
  // Times under 0.1 ms (a pointer move's snapping) keep three decimals, not a bare 0.0.
  const digits =
    unit === 'ms' && value < 0.1
      ? 3
      : unit === 'ms' || unit === 'req/s'
        ? value >= 100
          ? 0
          : 1
        : unit === 'ms/req'
          ? 2
          : 1;
  return round(value, digits).toLocaleString('en-GB', { minimumFractionDigits: digits });
}

interface Row {
  figure: string;
  key: string;
  value: string;
  goal: string;
  status: Status;
  how: string;
}

function rows(figures: Figures): Row[] {
  return FIGURES.filter((spec) => spec.key in figures).map((spec) => ({
    figure: spec.label,
    key: spec.key,
    value: `${formatValue(figures[spec.key], spec.unit)} ${spec.unit}`,
    goal: spec.goal,
    status: statusOf(spec, figures),
    how: spec.how,
  }));
}

export function printTable(figures: Figures): void {
  const table = rows(figures);
  const columns: (keyof Row)[] = ['figure', 'value', 'goal', 'status', 'how'];
  const widths = columns.map((c) => Math.max(c.length, ...table.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of table) console.log(line(columns.map((c) => r[c])));
}

export function markdownTable(figures: Figures): string {
  const out = ['| figure | key | value | goal | status | measured as |', '|---|---|---|---|---|---|'];
  for (const r of rows(figures)) {
    out.push(
      `| ${r.figure} | \`${r.key}\` | ${r.value} | ${r.goal || '—'} | ${r.status || '—'} | ${r.how} |`,
    );
  }
  return out.join('\n');
}

/** results.json: every figure key (a number, or null when not measured) plus `meta`. */
export function writeResults(path: string, figures: Figures, meta: Record<string, unknown>): void {
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [
      k,
      v === null || Number.isNaN(v) ? null : round(v, Math.abs(v) < 0.1 ? 4 : 2),
    ]),
  );
  writeFileSync(path, `${JSON.stringify({ ...rounded, meta }, null, 2)}\n`);
}
