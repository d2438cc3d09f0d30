/**
 * Bundle budgets (BUDGET below; the latest sizes in docs/performance.md), read from the
 * production build's manifest:
 * - the jobs route's initial JavaScript (entry, the app it loads at once, their static imports)
 *   and its CSS, gzipped;
 * - maplibre-gl, @mapbox/mapbox-gl-draw, react-hook-form, oidc-client-ts and libphonenumber-js never in that initial set
 *   (found through the chunks' source maps, named when present);
 * - the map chunk (the dynamically imported chunks that hold maplibre or draw), gzipped;
 * - the same first load where config.json signs in through an identity provider (the chunk
 *   holding oidc-client-ts and what it imports, loaded before the first screen): printed, no budget;
 * - no chunk holds code of the reference server (server/, fastify, better-sqlite3), such as its /docs page;
 * - the languages (docs/design.md, Languages): what the message runtime (@lingui/core and
 *   @lingui/react, bundled alone and minified) and the messages' own code (ids, calls) add to
 *   the jobs route's first load, gzipped, against its goal; each other language's catalog chunks.
 * Prints tables; exits 1 naming each broken budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

type Chunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const DIST = process.argv[2] ?? 'dist';
/**
 * initialJsKiB: a guard against growth (docs/performance.md, "Bundle size"); messagesBytes: the
 * languages' goal, what the message runtime and the messages' own code add to the first load.
 */
const BUDGET = { initialJsKiB: 180, initialCssKiB: 15, mapChunkKiB: 330, messagesBytes: 6 * 1024 };
/** Never in the jobs route's first load for token sign-in (oidc-client-ts: only with `auth.type` oidc; libphonenumber-js: the search's lazy chunk). */
const FORBIDDEN = [
  'maplibre-gl',
  '@mapbox/mapbox-gl-draw',
  'react-hook-form',
  'oidc-client-ts',
  'libphonenumber-js',
];
/** The reference server's sources, and its packages. */
const SERVER_DIR = fileURLToPath(new URL('../server/', import.meta.url));
const SERVER_PACKAGE = /\/node_modules\/(fastify|@fastify\/[^/]+|better-sqlite3)\//;

export function gzipKiB(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;
}

/** The source files of a chunk, from its source map (none without one). */
function sourcesOf(file: string): string[] {
  const mapPath = join(DIST, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  return (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
}

/** npm packages whose sources are in a chunk, from its source map. */
export function packagesOf(file: string): Set<string> {
  const found = new Set<string>();
  for (const src of sourcesOf(file)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
    if (m?.[1]) found.add(m[1]);
  }
  return found;
}

/**
 * What loads before the first job row: the entry, the app it imports dynamically at once
 * (src/main.tsx starts the early requests, then imports src/app/start.tsx), everything
 * index.html links itself (the app's chunk is preloaded from there: vite.config.ts), and
 * everything those import statically. Lazy chunks of the app (drawer, export, editor) are not in it.
 */
export function initialSet(manifest: Record<string, Chunk>, indexHtml = ''): Set<string> {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  visit(entryKey);
  for (const k of manifest[entryKey]!.dynamicImports ?? []) visit(k);
  const linked = new Set(
    [...indexHtml.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="[^"]*?(assets\/[^"]+)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const k of Object.keys(manifest)) if (linked.has(manifest[k]!.file)) visit(k);
  return seen;
}

/** index.html of a build, or '' when there is none. */
export function indexHtmlOf(dist: string): string {
  const path = join(dist, 'index.html');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

async function main() {
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`check:size: ${manifestPath} is missing; run "npm run build" first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const initial = initialSet(manifest, indexHtmlOf(DIST));
  const jsFiles = [...initial].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssFiles = [...new Set([...initial].flatMap((k) => manifest[k]!.css ?? []))];
  const initialJs = jsFiles.reduce((sum, f) => sum + gzipKiB(f), 0);
  const initialCss = cssFiles.reduce((sum, f) => sum + gzipKiB(f), 0);

  const problems: string[] = [];
  for (const f of jsFiles) {
    const offenders = [...packagesOf(f)].filter((p) => FORBIDDEN.includes(p));
    for (const o of offenders) problems.push(`${o} is in the jobs route's initial JavaScript (${f})`);
  }

  // The reference server (its OpenAPI document and /docs page included) never reaches any chunk.
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const server = sourcesOf(chunk.file)
      .map((src) => resolve(dirname(join(DIST, chunk.file)), src))
      .filter((src) => src.startsWith(SERVER_DIR) || SERVER_PACKAGE.test(src));
    if (server.length > 0) problems.push(`server code is in ${chunk.file}: ${server.slice(0, 3).join(', ')}`);
  }

  // The map chunk: every non-initial chunk holding maplibre or draw.
  const mapKeys = Object.keys(manifest).filter((k) => {
    if (initial.has(k) || !manifest[k]!.file.endsWith('.js')) return false;
    const pkgs = packagesOf(manifest[k]!.file);
    return pkgs.has('maplibre-gl') || pkgs.has('@mapbox/mapbox-gl-draw');
  });
  const mapChunk = mapKeys.reduce((sum, k) => sum + gzipKiB(manifest[k]!.file), 0);

  // Sign-in through an identity provider: the session's chunk (and its imports) load before the app renders.
  const oidc = new Set<string>();
  const visitOidc = (key: string) => {
    if (initial.has(key) || oidc.has(key)) return;
    oidc.add(key);
    for (const k of manifest[key]?.imports ?? []) visitOidc(k);
  };
  for (const k of Object.keys(manifest))
    if (manifest[k]!.file.endsWith('.js') && packagesOf(manifest[k]!.file).has('oidc-client-ts'))
      visitOidc(k);
  const oidcJs = [...oidc].reduce((sum, k) => sum + gzipKiB(manifest[k]!.file), initialJs);
  if (oidc.size === 0)
    problems.push('no lazy chunk holds oidc-client-ts: the identity provider sign-in was not found');

  if (mapKeys.length === 0)
    problems.push('no lazy chunk holds maplibre-gl or the draw control: the map chunk was not found');
  if (initialJs > BUDGET.initialJsKiB)
    problems.push(`initial JS is ${initialJs.toFixed(1)} KiB gz, budget ${BUDGET.initialJsKiB}`);
  if (initialCss > BUDGET.initialCssKiB)
    problems.push(`initial CSS is ${initialCss.toFixed(1)} KiB gz, budget ${BUDGET.initialCssKiB}`);
  if (mapChunk > BUDGET.mapChunkKiB)
    problems.push(`map chunk is ${mapChunk.toFixed(1)} KiB gz, budget ${BUDGET.mapChunkKiB}`);

  const firstLoadJs = jsFiles.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
  const messagesCost = languages(manifest, await runtimeGzBytes(), firstLoadJs);
  if (messagesCost > BUDGET.messagesBytes)
    problems.push(
      `the runtime and the messages add ${messagesCost} B gz to the first load, budget ${BUDGET.messagesBytes}`,
    );
  console.table({
    'jobs initial JS': {
      'KiB gz': Number(initialJs.toFixed(1)),
      budget: BUDGET.initialJsKiB,
      files: jsFiles.length,
    },
    'jobs initial JS, OIDC': {
      'KiB gz': Number(oidcJs.toFixed(1)),
      budget: 'none',
      files: jsFiles.length + oidc.size,
    },
    'jobs initial CSS': {
      'KiB gz': Number(initialCss.toFixed(1)),
      budget: BUDGET.initialCssKiB,
      files: cssFiles.length,
    },
    'map chunk': { 'KiB gz': Number(mapChunk.toFixed(1)), budget: BUDGET.mapChunkKiB, files: mapKeys.length },
    'languages: runtime and messages': {
      'KiB gz': Number((messagesCost / 1024).toFixed(1)),
      budget: BUDGET.messagesBytes / 1024,
      files: jsFiles.length,
    },
  });
  if (problems.length) {
    for (const p of problems) console.error(`check:size: ${p}`);
    process.exit(1);
  }
  console.log('check:size: all budgets met');
}

/** @lingui/core and @lingui/react as the app uses them, minified alone: bytes gzipped. */
async function runtimeGzBytes(): Promise<number> {
  const bundle = await build({
    input: 'virtual:lingui-runtime',
    write: false,
    platform: 'browser',
    external: ['react', 'react/jsx-runtime'],
    output: { minify: true, format: 'es' },
    plugins: [
      {
        name: 'lingui-runtime',
        resolveId: (id) => (id === 'virtual:lingui-runtime' ? id : null),
        load: (id) =>
          id === 'virtual:lingui-runtime'
            ? "export { i18n } from '@lingui/core'; export { I18nProvider, Trans, useLingui } from '@lingui/react';"
            : null,
      },
    ],
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    onLog: () => undefined,
  });
  return bundle.output.reduce((sum, o) => sum + ('code' in o ? gzipSync(o.code, { level: 9 }).length : 0), 0);
}

/**
 * What the messages add to code, beside the words themselves: a message is written
 * `i18n._({id:`…`,message:[`Words`]})` where the code had `` `Words` ``. Measured on `js` (the
 * first load's code) by writing every plain message (no placeholder) back as its literal, and
 * every other message's id away: gzipped bytes before less after.
 */
function messagesOverhead(js: string): { messages: number; bytes: number } {
  let messages = 0;
  const id = '\\{id:`[A-Za-z0-9+/]{6}`,';
  const asLiterals = js
    .replace(new RegExp(`[\\w$]+\\._\\(${id}message:\\[(\`[^\`]*\`)\\]\\}\\)`, 'g'), (_, literal: string) => {
      messages += 1;
      return literal;
    })
    .replace(new RegExp(`${id}message:\\[(\`[^\`]*\`)\\]\\}`, 'g'), (_, literal: string) => {
      messages += 1;
      return literal;
    })
    .replace(/id:`[A-Za-z0-9+/]{6}`,/g, () => {
      messages += 1;
      return '';
    });
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  return { messages, bytes: gz(js) - gz(asLiterals) };
}

/**
 * The languages' table: the runtime and the messages' own cost in the first load (English is
 * compiled into the code, scripts/babel-compile-english.ts), and each other language's catalog
 * chunks, loaded when chosen.
 */
function languages(manifest: Record<string, Chunk>, runtime: number, firstLoadJs: string): number {
  const overhead = messagesOverhead(firstLoadJs);
  const rows: Record<string, { 'B gz': number; loaded: string }> = {
    'runtime (@lingui/core, @lingui/react)': { 'B gz': runtime, loaded: 'first load' },
    [`${overhead.messages} messages' ids and calls`]: { 'B gz': overhead.bytes, loaded: 'first load' },
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^(src\/.+)\/locales\/(\w+)\.po$/.exec(key);
    if (m && m[2] !== 'en')
      rows[`${m[1]} ${m[2]}`] = { 'B gz': Math.round(gzipKiB(chunk.file) * 1024), loaded: 'when chosen' };
  }
  console.table(rows);
  return runtime + overhead.bytes;
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
