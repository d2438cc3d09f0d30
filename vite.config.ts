import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const APP = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
/**
 * Reached from the app through a barrel or a package entry, but needed only by lazy chunks:
 * zod and every module that builds schemas (the first load reads its data by hand:
 * src/contract/zod.ts), and the branch editor's requests. In the app's chunk, code only later
 * screens use would load first.
 */
const LAZY_THROUGH_BARRELS =
  /node_modules[\\/]zod[\\/]|src[\\/]contract[\\/](input|job|branch|contact|zones|common|zod|error-body)\.ts$|src[\\/]api[\\/]branch-endpoints\.ts$/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };

/** Modules `from` imports statically, itself included. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return seen;
}

/** The set for the chunking pass under way (a rebuild in watch mode gets a new graph). */
let appModules: { graph: ModuleGraph; ids: Set<string> } | undefined;

/**
 * One chunk for the app's first load: src/app/start.tsx and what it imports statically, less
 * the entry script's own modules (which must not wait for it). Left to automatic chunking,
 * the modules it shares with lazy chunks (buttons, contexts, the api client, React Query...)
 * came as 13 more files, each gzipped alone: 4 KiB more over the wire for the same code.
 */
function appChunk(id: string, graph: ModuleGraph): string | null {
  if (appModules?.graph !== graph) {
    const entry = staticClosure(graph, ENTRY);
    const ids = new Set([...staticClosure(graph, APP)].filter((m) => !entry.has(m) && !LAZY_THROUGH_BARRELS.test(m)));
    appModules = { graph, ids };
  }
  return appModules.ids.has(id) ? 'app' : null;
}

/**
 * The app's chunk, its static imports and its CSS, fetched from index.html itself. The entry
 * script imports the app dynamically (it must run first: src/main.tsx), so without these links
 * the browser learns of the app's code only once the entry is downloaded and evaluated, and
 * Vite's preload helper then adds the same links: one round trip more. The helper skips a link
 * already in the document, so nothing is fetched twice.
 * Measured (bench/ab.ts, first rows): at 40 ms RTT / 50 Mbit/s −52.8 ms per pair (17 of 21
 * faster, p = 0.007); on loopback no difference the machine's noise lets through. The one
 * cost seen: on loopback with a busy main thread, the chunk can be fully in before the
 * main thread gets to it, and Chromium then compiles it there instead of streaming it.
 */
function preloadApp(): Plugin {
  let base = '/';
  return {
    name: 'dispatch:preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const app = chunks.find((c) => c.moduleIds.includes(APP));
        if (!app) throw new Error('dispatch:preload-app: no chunk holds src/app/start.tsx');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (chunk === entry || scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const file of chunk.imports) visit(bundle[file] as Rolldown.OutputChunk);
        };
        visit(app);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of scripts) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + file }, injectTo: 'head' });
        // Render-blocking on purpose: before the app runs there is nothing to paint.
        for (const file of styles) tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: base + file }, injectTo: 'head' });
        return tags;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadApp()],
  // maplibre's worker is loaded by URL (src/map); pre-bundling breaks it in dev (STACK.md).
  optimizeDeps: { exclude: ['maplibre-gl'] },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // Every supported browser has modulepreload: skip the polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The captured modules' own imports are not pulled in: the entry's stay in the entry.
          groups: [{ name: appChunk, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
