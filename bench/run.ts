/**
 * `npm run bench` (tsx bench/run.ts): performance figures of the dashboard and the reference
 * server, printed as a table with their goals and written to bench/out/results.json.
 * Never fails on a time: the exit code is non-zero only when the harness itself breaks.
 * Options: see lib/options.ts (`--runs N`, `--quick`, `--only groups`, `--trace`, ...).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { Api } from './lib/api';
import { startBrowser } from './lib/browser';
import { startBareBrowser, type BareBrowser } from './lib/cdp';
import { bundleFigures } from './lib/bundle';
import { cachedDatabase, moveRiders, workingCopy } from './lib/database';
import {
  EDITOR_ZONES,
  EDITOR_ZONE_VERTICES,
  BIG_FILE_AREAS,
  BIG_FILE_CORNERS,
  editorReady,
  editorTyping,
  importBigFile,
  putEditorZones,
  writeBigZonesFile,
  snapMoves,
} from './lib/editor-figures';
import { editorPhone, PHONE, PHONE_CPU_SLOWDOWN } from './lib/editor-phone';
import { longTaskLines, longTasks } from './lib/trace-tasks';
import {
  COVERAGE_ZONES,
  COVERAGE_ZONE_VERTICES,
  IMPACT_CAP,
  IMPACT_DAYS,
  IMPACT_DELIVERIES,
  IMPACT_ZONES,
  IMPACT_ZONE_VERTICES,
  coverageDatabase,
  coverageMapOpen,
  impactClassifyFigures,
  impactFetch,
  putCoverageZones,
} from './lib/coverage-figures';
import { bigZoneBody, clipFigures, geoFigures, snapIndexMs, zoneCheckFigures } from './lib/geo-figures';
import * as jobs from './lib/jobs-figures';
import * as overview from './lib/overview-screen';
import { overviewComputeFigures } from './lib/overview-figures';
import { jobsLoad, p99, putLatencies, responseBytes } from './lib/load';
import { Bench } from './lib/bench';
import { GROUPS, parseOptions, type Group } from './lib/options';
import { markdownTable, printTable, writeResults } from './lib/report';
import { startServers, type Servers } from './lib/servers';
import { addPage, buildApp, prepareSite } from './lib/site';
import { median, percentile } from './lib/stats';
import { staticRowsHtml } from './lib/static-rows';
import { staticScreenHtml } from './lib/static-screen';
import { busiestBranch, drawerTarget, PAGE_SIZE } from './lib/targets';

const OUT = join('bench', 'out');
const DIST = join(OUT, 'dist');
const TOKEN = 'bench-token';
const DRAWER_HISTORY_ENTRIES = 50;
const DELIVERED = 7;
/** What browsers send over HTTPS (the server picks br). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const GEO_RUNS = 30;
const SNAP_MOVES = 400;
const HEAP_CHECKPOINTS = [20, 200];
/** Past this, the run stops: a full run takes about 2-3 minutes here. */
const WATCHDOG_MS = 20 * 60_000;

const log = (line: string) => console.log(line);

/** Groups that need the reference server (all but the two measured in Node), and of those the ones that need Chromium too. */
const serverGroups: Group[] = GROUPS.filter((g) => g !== 'bundle' && g !== 'geo');
const browserGroups: Group[] = serverGroups.filter((g) => g !== 'server' && g !== 'put');

/** The job found by the search figure: the last of the first 5,000 in the service's order. */
const SEARCH_POSITION = 4999;

async function measure(bench: Bench, tmp: string): Promise<Record<string, unknown>> {
  const { options } = bench;
  const context: Record<string, unknown> = {};

  if (options.build && (bench.wants('bundle') || serverGroups.some((g) => bench.wants(g)))) {
    log('Building the app (vite build → bench/out/dist)…');
    buildApp(DIST);
  }

  await bench.step(
    'bundle',
    ['jobs_initial_js_gzip_kib', 'jobs_initial_css_gzip_kib', 'map_chunk_gzip_kib'],
    async () => {
      const b = await bundleFigures(DIST);
      bench.set('jobs_initial_js_gzip_kib', b.jobs_initial_js_gzip_kib);
      bench.set('jobs_initial_css_gzip_kib', b.jobs_initial_css_gzip_kib);
      bench.set(
        'map_chunk_gzip_kib',
        b.map_chunk_gzip_kib,
        b.map_chunk_gzip_kib === null
          ? 'no lazy chunk holds maplibre-gl or mapbox-gl-draw: the map is not in the app yet'
          : b.mapChunkFiles.join(', '),
      );
    },
  );

  await bench.step(
    'geo',
    [
      'zone_validate_10k_ms',
      'zone_payload_10k_bytes',
      'zones_check_20x500_ms',
      'zones_recheck_rename_ms',
      'zones_recheck_reshape_ms',
      'clip_ms',
      'overlap_ms',
      'snap_index_ms',
      'impact_classify_ms',
      'overview_compute_ms',
    ],
    () => {
      const g = geoFigures(GEO_RUNS);
      bench.set(
        'zone_validate_10k_ms',
        g.zone_validate_10k_ms,
        `median of ${g.validateRuns} runs after 5 warm-up`,
      );
      bench.set('zone_payload_10k_bytes', g.zone_payload_10k_bytes);
      const z = zoneCheckFigures(GEO_RUNS);
      const note = `validateZones, median of ${z.runs} runs after 3 warm-up, each on its own input`;
      bench.set('zones_check_20x500_ms', z.zones_check_20x500_ms, note);
      bench.set('zones_recheck_rename_ms', z.zones_recheck_rename_ms, note);
      bench.set('zones_recheck_reshape_ms', z.zones_recheck_reshape_ms, note);
      const c = clipFigures(GEO_RUNS);
      const clipNote = `polyclip-ts, median of ${c.runs} runs after 5 warm-up`;
      bench.set('clip_ms', c.clip_ms, clipNote);
      bench.set('overlap_ms', c.overlap_ms, clipNote);
      bench.set('snap_index_ms', snapIndexMs(), 'median of 10 builds after 2 warm-up');
      const impact = impactClassifyFigures(GEO_RUNS);
      bench.set(
        'impact_classify_ms',
        impact.ms,
        `classifyPoints, ${IMPACT_DELIVERIES} points vs ${IMPACT_ZONES} zones × ${IMPACT_ZONE_VERTICES} corners before and after, median of ${GEO_RUNS} runs after 5 warm-up (${Object.entries(
          impact.counts,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
      );
      const overview = overviewComputeFigures(OUT, options.seed, GEO_RUNS);
      bench.set(
        'overview_compute_ms',
        overview.ms,
        `dayFigures and findExceptions (src/rules), ${overview.jobs} jobs of the seed (${overview.delivered} delivered, ${overview.exceptions} exceptions at the reference time), median of ${overview.runs} runs after 3 warm-up`,
      );
    },
  );

  if (!serverGroups.some((g) => bench.wants(g))) return context;

  const cached = cachedDatabase(OUT, options.jobs, options.seed);
  log(
    cached.seededSeconds === null
      ? `Database: reusing ${cached.path}`
      : `Database: seeded ${options.jobs} jobs into ${cached.path} in ${cached.seededSeconds.toFixed(1)} s`,
  );
  const dbPath = workingCopy(cached.path, join(tmp, 'bench.db'));
  const site = join(tmp, 'site');
  prepareSite(DIST, site);

  let servers: Servers | undefined;
  let browser: Browser | undefined;
  let bare: BareBrowser | undefined;
  try {
    servers = await startServers(
      {
        dbPath,
        token: TOKEN,
        instances: [
          { name: 'app', pageSize: PAGE_SIZE, staticDir: site },
          { name: 'big', pageSize: 1000, staticDir: site },
          // Its page cache off: every page is built (server_jobs_uncached_rps).
          { name: 'uncached', pageSize: PAGE_SIZE, pageCacheBytes: 0 },
          // Without the extension for scale: the search scans (search_scan_5000_ms).
          { name: 'bare', pageSize: PAGE_SIZE, staticDir: site, extensions: false },
        ],
      },
      options.serverProfile ? join(OUT, 'profiles') : undefined,
    );
    const api = new Api(servers.urls.app!, TOKEN);
    const staticPath = addPage(site, 'static-rows.html', staticRowsHtml((await api.jobs({ page: 1 })).jobs));
    const branches = await api.branches();

    if (browserGroups.some((g) => bench.wants(g))) {
      browser = await startBrowser();
      bare = await startBareBrowser();
      context.chromium = browser.version();
    }
    const staticScreenPath = browser
      ? addPage(site, 'static-screen.html', await staticScreenHtml(browser, servers.urls.app!, TOKEN))
      : '';
    const b: jobs.JobsBench = {
      browser: browser!,
      bare: bare!,
      token: TOKEN,
      appUrl: servers.urls.app!,
      bigPageUrl: servers.urls.big!,
      staticPath,
      staticScreenPath,
      log,
    };
    const { runs, coldRuns } = options;

    await bench.step(
      'first-rows',
      [
        'first_rows_app_ms',
        'first_rows_static_ms',
        'first_rows_screen_static_ms',
        'screen_static_ratio',
        'first_rows_screen_ratio',
      ],
      async () => {
        const r = await jobs.firstRows(b, coldRuns);
        context.firstRowsWaterfall = Object.fromEntries(
          Object.keys(r.waterfalls[0]!).map((k) => [
            k,
            Math.round(median(r.waterfalls.map((w) => w[k as keyof jobs.Waterfall]))),
          ]),
        );
        log(`  app load milestones (medians, ms): ${JSON.stringify(context.firstRowsWaterfall)}`);
        const app = bench.median('first_rows_app_ms', r.app);
        const stat = bench.median('first_rows_static_ms', r.static);
        const screen = bench.median('first_rows_screen_static_ms', r.screen);
        bench.set('screen_static_ratio', screen / stat);
        bench.set('first_rows_screen_ratio', app / screen);
      },
    );
    await bench.step('cpu4x', ['first_rows_app_ms_cpu4x'], async () => {
      bench.median('first_rows_app_ms_cpu4x', await jobs.firstRowsThrottled(b, coldRuns, 4));
    });
    await bench.step('page-change', ['page_change_ms'], async () => {
      bench.median('page_change_ms', await jobs.pageChange(b, runs));
    });
    await bench.step(
      'drawer',
      ['drawer_open_ms', 'drawer_open_first_ms', 'drawer_history_tab_ms'],
      async () => {
        const target = drawerTarget(dbPath, DRAWER_HISTORY_ENTRIES);
        context.drawerTarget = target;
        log(`  job ${target.jobId} (${target.historyEntries} history entries) at ${target.path}`);
        const d = await jobs.drawer(b, target, runs);
        bench.median('drawer_open_ms', d.open);
        bench.set(
          'drawer_open_first_ms',
          d.open[0]!,
          'the first open of the session (included in the median)',
        );
        if (d.timelineOnOpen) {
          bench.notes.drawer_open_ms = 'the drawer opens on the status-history timeline';
        } else {
          bench.notes.drawer_open_ms =
            'the drawer opens on its Overview tab: Enter → overview painted; the timeline is timed from the History tab click';
          bench.median('drawer_history_tab_ms', d.historyTab);
        }
      },
    );
    await bench.step('drawer-follow', ['drawer_follow_ms'], async () => {
      bench.median('drawer_follow_ms', await jobs.drawerFollow(b, runs));
    });
    await bench.step('search', ['search_scan_5000_ms'], async () => {
      const page = await api.jobs({ page: Math.floor(SEARCH_POSITION / PAGE_SIZE) + 1 });
      const job = page.jobs[SEARCH_POSITION % PAGE_SIZE];
      if (!job)
        throw new Error(
          `no job at position ${SEARCH_POSITION}: the data set needs ${SEARCH_POSITION + 1} jobs`,
        );
      const target = { jobId: job.id, orderId: job.order_id, position: SEARCH_POSITION };
      context.searchTarget = target;
      // A bare service: with the extension the service's search answers (bench/control-room-scale.ts).
      const bareApp = { ...b, appUrl: servers!.urls.bare! };
      bench.median('search_scan_5000_ms', await jobs.searchScan(bareApp, target, runs));
      bench.notes.search_scan_5000_ms = `order id of job ${job.id}, the ${SEARCH_POSITION + 1}th job: ${SEARCH_POSITION / PAGE_SIZE + 1} pages of ${PAGE_SIZE} scanned, 4 requests at a time (scan cap 5,000)`;
    });
    await bench.step('status-counts', ['status_counts_ms'], async () => {
      const times = await jobs.statusCounts(
        b,
        branches.map((br) => br.id),
        runs,
      );
      bench.median('status_counts_ms', times);
      bench.notes.status_counts_ms =
        'one page=1 request per configured status (10) with the new branch; the All chip reads the table’s own total';
    });
    await bench.step('rows1000', ['rows_1000_ms', 'rows_1000_nav_ms'], async () => {
      const r = await jobs.bigPage(b, coldRuns);
      bench.median('rows_1000_ms', r.fromResponseEnd);
      bench.median('rows_1000_nav_ms', r.fromNavigation);
      context.rows1000ResponseBytes = r.responseBytes;
    });
    await bench.step('heap', ['heap_after_20_pages_mb', 'heap_after_200_pages_mb'], async () => {
      const h = await jobs.heapWhilePaging(b, HEAP_CHECKPOINTS);
      bench.set('heap_after_20_pages_mb', h.afterPages[20]!.usedMb);
      bench.set('heap_after_200_pages_mb', h.afterPages[200]!.usedMb);
      context.heapPerformanceMemoryMb = Object.fromEntries(
        Object.entries(h.afterPages).map(([k, v]) => [k, v.performanceMemoryMb]),
      );
    });

    await bench.step('ops-map', ['ops_map_open_ms', 'ops_map_1000_ms', 'ops_map_refresh_ms'], async () => {
      bench.median('ops_map_open_ms', await jobs.opsMapOpen(b, b.appUrl, runs));
      bench.notes.ops_map_open_ms = `page of ${PAGE_SIZE}, a fresh context each run (the map's code and the offline base map fetched then)`;
      bench.median('ops_map_1000_ms', await jobs.opsMapOpen(b, b.bigPageUrl, runs));
      bench.notes.ops_map_1000_ms = 'page of 1,000 jobs, clustered; as ops_map_open_ms';
      const r = await jobs.opsMapRefresh(b, runs, () => moveRiders(dbPath));
      bench.median('ops_map_refresh_ms', r.fromRequest);
      bench.samples.ops_map_refresh_from_response_ms = r.fromResponse.map((t) => Math.round(t));
      bench.notes.ops_map_refresh_ms = `every located rider moved in the database, then the next auto-refresh (every 5 s here): its request of page 1 → the map idle with them drawn; from its response, median ${median(r.fromResponse).toFixed(0)} ms`;
    });

    await bench.step(
      'overview',
      ['open_scan_ms', 'overview_today_ms', 'exceptions_follow_ms', 'overview_cls', 'overview_cls_bare'],
      async () => {
        bench.median('open_scan_ms', await overview.openScan(b, coldRuns));
        bench.notes.open_scan_ms = `every open status read through the status filter in pages of ${PAGE_SIZE}, 4 requests at a time, one status after another; a fresh context each run, the clock at the data's reference time`;
        bench.median('overview_today_ms', await overview.overviewToday(b, coldRuns));
        bench.notes.overview_today_ms = `the open work and today's jobs (the last day read by created_at, kept by each branch's own day) in pages of ${PAGE_SIZE}; as open_scan_ms`;
        bench.median('exceptions_follow_ms', await overview.exceptionsFollow(b, runs));
        // With the extension (the stream, no refresh requests) and on a bare service (each refresh re-reads).
        for (const [key, app, bare] of [
          ['overview_cls', b, false],
          ['overview_cls_bare', { ...b, appUrl: servers!.urls.bare! }, true],
        ] as const) {
          const cls = await overview.overviewCls(app, 10, bare);
          bench.set(key, Math.max(cls.atLoad, cls.afterRefreshes - cls.atLoad));
          bench.notes[key] =
            `cumulative layout shift of /overview (${bare ? 'a bare service' : 'with the extension'}), the larger of: at load (${cls.atLoad.toFixed(4)}) and over ${cls.refreshes} refreshes after it (${(cls.afterRefreshes - cls.atLoad).toFixed(4)}); no input given`;
          context[`${key}_shifts`] = cls.shifts.filter((s) => s.value >= 0.001);
        }
      },
    );

    // Server load before any zone is written: every job page embeds its branches, zones included.
    await bench.step(
      'server',
      [
        'server_jobs_bytes',
        'server_jobs_gzip_bytes',
        'server_jobs_rps',
        'server_jobs_p99_ms',
        'server_jobs_cpu_ms_per_request',
        'server_jobs_uncached_rps',
        'server_jobs_uncached_cpu_ms_per_request',
      ],
      async () => {
        const branch = busiestBranch(dbPath, DELIVERED);
        const filter = `status=${DELIVERED}&branch_id=${encodeURIComponent(branch)}`;
        const totalPages = (await api.jobs({ status: DELIVERED, branch_id: branch, page: 1 })).total_pages;

        const pageUrl = `${servers!.urls.app!}/v1/jobs?${filter}&page=1`;
        const auth = { authorization: `Bearer ${TOKEN}` };
        const plain = await responseBytes(pageUrl, auth);
        const gzip = await responseBytes(pageUrl, { ...auth, 'accept-encoding': 'gzip' });
        const br = await responseBytes(pageUrl, { ...auth, 'accept-encoding': 'br' });
        if (plain.encoding !== undefined || gzip.encoding !== 'gzip' || br.encoding !== 'br')
          throw new Error(`unexpected Content-Encoding: ${plain.encoding}, ${gzip.encoding}, ${br.encoding}`);
        bench.set(
          'server_jobs_bytes',
          plain.bytes,
          `page 1 of ${filter}, ${PAGE_SIZE} jobs, full branch embeds`,
        );
        bench.set(
          'server_jobs_gzip_bytes',
          gzip.bytes,
          `${(plain.bytes / gzip.bytes).toFixed(1)}× smaller; br ${br.bytes} bytes (${(plain.bytes / br.bytes).toFixed(1)}×)`,
        );

        const load = {
          baseUrl: servers!.urls.app!,
          token: TOKEN,
          filter,
          totalPages,
          serverPid: servers!.pid,
          acceptEncoding: BROWSER_ACCEPT_ENCODING,
        };
        await jobsLoad({ ...load, connections: 10, seconds: 2 }); // warm-up
        const r = await jobsLoad({ ...load, connections: 50, seconds: options.loadSeconds });
        context.serverLoad = { filter, totalPages, seconds: options.loadSeconds, ...r };
        if (r.non2xx > 0) throw new Error(`${r.non2xx} responses other than 2xx under load`);
        const timedOut =
          r.timeouts + r.errors > 0
            ? `; ${r.timeouts + r.errors} requests timed out (>10 s) or failed, not in the latencies`
            : '';
        bench.set(
          'server_jobs_rps',
          r.rps,
          `${r.requests} requests, pages 1-${totalPages} of ${filter}, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
        );
        bench.set('server_jobs_p99_ms', r.p99, `p50 ${r.p50} ms${timedOut}`);
        if (r.serverCpuMsPerRequest !== null) {
          bench.set(
            'server_jobs_cpu_ms_per_request',
            r.serverCpuMsPerRequest,
            `the server had ${(100 * r.serverCpuShare!).toFixed(0)}% of a core during the load`,
          );
        }

        // The page path when no page is kept: up to 400 pages of the whole list, each built for its request.
        const uncachedPages = Math.min(400, (await api.jobs({ page: 1 })).total_pages);
        const uncached = {
          ...load,
          baseUrl: servers!.urls.uncached!,
          filter: 'branch_embed=full',
          totalPages: uncachedPages,
        };
        await jobsLoad({ ...uncached, connections: 10, seconds: 2 }); // warm-up
        const u = await jobsLoad({ ...uncached, connections: 50, seconds: options.loadSeconds });
        if (u.non2xx > 0) throw new Error(`${u.non2xx} responses other than 2xx under uncached load`);
        bench.set(
          'server_jobs_uncached_rps',
          u.rps,
          `${u.requests} requests, pages 1-${uncachedPages} of all jobs, page cache off, p99 ${u.p99} ms, br`,
        );
        if (u.serverCpuMsPerRequest !== null) {
          bench.set(
            'server_jobs_uncached_cpu_ms_per_request',
            u.serverCpuMsPerRequest,
            `the server had ${(100 * u.serverCpuShare!).toFixed(0)}% of a core during the load`,
          );
        }
      },
    );

    await bench.step(
      'editor',
      [
        'editor_ready_ms',
        'editor_typing_ms',
        'snap_move_ms',
        'snap_move_p95_ms',
        'import_5mb_ms',
        'import_5mb_task_ms',
      ],
      async () => {
        const branch = branches[0]!;
        await putEditorZones(api, branch);
        const e = await editorReady(b, branch.id, coldRuns);
        if (!e.integrated) {
          bench.set('editor_ready_ms', null, e.note);
          return;
        }
        bench.median('editor_ready_ms', e.times);
        bench.notes.editor_ready_ms = e.hook
          ? `nav start → the map's data-map-state "idle", ${EDITOR_ZONES} zones × ${EDITOR_ZONE_VERTICES} vertices`
          : `nav start → zone panel lists ${EDITOR_ZONES} zones + map canvas present + "Loading map" gone (map 'load' fired), then 2 frames; the map exposes no idle hook`;
        bench.median('editor_typing_ms', await editorTyping(b, branch.id));
        const moves = await snapMoves(b, branch.id, SNAP_MOVES);
        const movesNote = `${moves.length} mousemove dispatches over the map while drawing, snapping on, ${EDITOR_ZONES} zones × ${EDITOR_ZONE_VERTICES} corners`;
        bench.set('snap_move_ms', median(moves), `median of ${movesNote}`);
        bench.set('snap_move_p95_ms', percentile(moves, 0.95), `95th percentile of ${movesNote}`);
        const big = writeBigZonesFile(tmp, [branch.coordinates.longitude, branch.coordinates.latitude]);
        const imports = await importBigFile(b, branch.id, big.path, runs);
        const fileNote = `${(big.bytes / 2 ** 20).toFixed(1)} MB GeoJSON, ${BIG_FILE_AREAS.toLocaleString('en')} areas × ${BIG_FILE_CORNERS} corners, into the branch's ${EDITOR_ZONES} zones`;
        bench.set('import_5mb_ms', median(imports.map((r) => r.answerMs)), `median of ${runs}; ${fileNote}`);
        bench.set(
          'import_5mb_task_ms',
          Math.max(...imports.map((r) => r.longestTaskMs)),
          `the longest main-thread task over all ${runs} runs (longtask observer; 0: none over 50 ms)`,
        );
      },
    );

    await bench.step(
      'editor-phone',
      ['editor_phone_form_ms', 'editor_phone_map_first', 'editor_phone_tbt_ms', 'editor_phone_lcp_ms'],
      async () => {
        const branch = branches[0]!;
        await putEditorZones(api, branch);
        const phone = await editorPhone(b.browser, TOKEN, b.appUrl, branch.id, coldRuns);
        const where = `${PHONE.width}×${PHONE.height} touch, CPU ${PHONE_CPU_SLOWDOWN}× slower, ${EDITOR_ZONES} zones × ${EDITOR_ZONE_VERTICES} corners, offline style, median of ${phone.length} cold loads`;
        const mapFirst = phone.filter((p) => p.mapFirst).length;
        bench.median(
          'editor_phone_form_ms',
          phone.map((p) => p.formMs),
        );
        bench.notes.editor_phone_form_ms = `nav start → the first key typed in Name handled; ${where}`;
        bench.set('editor_phone_map_first', mapFirst, `of ${phone.length} cold loads`);
        bench.median(
          'editor_phone_tbt_ms',
          phone.map((p) => p.tbtMs),
        );
        bench.notes.editor_phone_tbt_ms = `long tasks' time over 50 ms, nav start → 1 s after the map is idle; ${where}`;
        bench.median(
          'editor_phone_lcp_ms',
          phone.map((p) => p.lcpMs),
        );
        bench.notes.editor_phone_lcp_ms = `largest contentful paint (until the first key); ${where}`;
      },
    );

    await bench.step('coverage', ['coverage_map_ms', 'impact_fetch_ms'], async () => {
      const branch = busiestBranch(dbPath, DELIVERED);
      const f = await impactFetch(servers!.urls.app!, TOKEN, branch, runs);
      bench.median('impact_fetch_ms', f.times);
      bench.notes.impact_fetch_ms = `branch ${branch}, jobs created in the ${IMPACT_DAYS} days before the data's "now": ${f.jobs} jobs (cap ${IMPACT_CAP}) in ${f.pages} pages of ${PAGE_SIZE}, 4 requests at a time, the app's api client and scan in Node; median of ${runs} after 1 warm-up`;
      // A database of its own: 50 branches, each given 20 zones.
      const coverageServers = await startServers({
        dbPath: coverageDatabase(tmp),
        token: TOKEN,
        instances: [{ name: 'coverage', pageSize: PAGE_SIZE, staticDir: site }],
      });
      try {
        const origin = coverageServers.urls.coverage!;
        const count = await putCoverageZones(new Api(origin, TOKEN));
        const c = await coverageMapOpen(b, origin, coldRuns);
        bench.median('coverage_map_ms', c.times);
        bench.notes.coverage_map_ms = `${count} branches × ${COVERAGE_ZONES} zones of ${COVERAGE_ZONE_VERTICES} corners, offline style, a fresh page each run: nav start → map idle with zones and overlaps drawn; "${c.summary.trim()}"`;
      } finally {
        await coverageServers.close();
      }
    });

    await bench.step('put', ['server_put_p99_ms'], async () => {
      const branch = branches[1] ?? branches[0]!;
      const body = bigZoneBody();
      await putLatencies(api, branch.id, body, 5); // warm-up
      const times = await putLatencies(api, branch.id, body, options.putCount);
      bench.samples.server_put_ms = times.map((t) => Math.round(t));
      bench.set(
        'server_put_p99_ms',
        p99(times),
        `${options.putCount} sequential PUTs of ${body.length} bytes, median ${median(times).toFixed(0)} ms`,
      );
    });

    if (options.trace && browser)
      await traceOnce(
        b,
        join(OUT, 'traces'),
        bench.wants('editor') ? branches[0]!.id : null,
        bench.wants('editor-phone') ? branches[0]!.id : null,
      );
  } finally {
    await browser?.close().catch(() => {});
    await bare?.close().catch(() => {});
    await servers?.close();
  }
  return context;
}

/** One more run of each browser scenario under Chrome tracing (not counted in the figures). */
async function traceOnce(
  b: jobs.JobsBench,
  dir: string,
  editorBranch: string | null,
  phoneBranch: string | null,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  log(`[trace] Chrome traces → ${dir}`);
  const traced = (name: string) => ({ ...b, trace: { dir, name } });
  await jobs.firstRows(traced('first-rows'), 1);
  await jobs.firstRowsThrottled(traced('first-rows-cpu4x'), 1, 4);
  await jobs.pageChange(traced('page-change'), 3);
  await jobs.bigPage(traced('rows1000'), 1);
  if (editorBranch) await editorReady(traced('editor'), editorBranch, 1);
  if (phoneBranch) {
    // The phone's long tasks and what ran in them (the editor's zones are still in the branch).
    const path = join(dir, 'editor-phone.json');
    await editorPhone(b.browser, b.token, b.appUrl, phoneBranch, 1, path);
    log(`[trace] editor-phone (${path}), long tasks after navigation start:`);
    for (const line of longTaskLines(longTasks(path))) log(line);
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const bench = new Bench(options, log);
  mkdirSync(OUT, { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  log(
    `Bench: ${options.runs} runs per figure, ${options.coldRuns} per cold load${options.quick ? ' (quick)' : ''}, ${options.jobs} jobs, seed ${options.seed}; ${machine}`,
  );
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min; stopping.`);
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const started = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'dispatch-bench-'));
  let context: Record<string, unknown>;
  try {
    context = await measure(bench, tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;

  console.log('');
  printTable(bench.figures);
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const meta = {
    date: new Date().toISOString(),
    command,
    runs: options.runs,
    coldRuns: options.coldRuns,
    jobs: options.jobs,
    seed: options.seed,
    machine,
    seconds: Math.round(seconds),
    firstRowsCache: 'cold: a new browser context per run (empty HTTP cache); server warm',
    coldLoadDriver:
      'first rows, CPU 4x and 1,000 rows: Chromium over a bare DevTools pipe (bench/lib/cdp.ts); the interactions: Playwright',
    notes: bench.notes,
    samples: bench.samples,
    ...context,
    failures: bench.failures,
  };
  writeResults(join(OUT, 'results.json'), bench.figures, meta);
  writeFileSync(join(OUT, 'results.md'), `${markdownTable(bench.figures)}\n`);
  console.log(`\n${command}: ${seconds.toFixed(0)} s. Wrote ${join(OUT, 'results.json')} and results.md.`);
  if (bench.failures.length > 0) {
    console.error(
      `bench: ${bench.failures.length} group(s) could not be measured:\n${bench.failures.join('\n')}`,
    );
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
