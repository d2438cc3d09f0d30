import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import compileEnglish from './scripts/babel-compile-english.js';

/**
 * Lingui's macros (`Trans`, `useLingui`, `msg`, `plural` from `@lingui/*\/macro`) are compiled by
 * its Babel plugin, keeping each message's English, which ./scripts/babel-compile-english.ts
 * then compiles in place; @vitejs/plugin-react 6 has no Babel of its own, so
 * @rolldown/plugin-babel runs them, on the modules that import a macro only. `lingui()` compiles
 * the imported `.po` catalogs. The test runner (vitest.config.ts) uses the same.
 */
export const linguiPlugins = () => [
  lingui({ failOnMissing: true, failOnCompileError: true }),
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], compileEnglish],
        }),
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
  }),
];

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';

const APP = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));

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
        for (const file of scripts)
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
            injectTo: 'head',
          });
        // Render-blocking on purpose: before the app runs there is nothing to paint.
        for (const file of styles)
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: base + file },
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), ...linguiPlugins(), preloadApp()],
  // Workers are compiled the same way (a module they import may hold a message); a worker's
  // Lingui and locale are its own: English, Latin digits, unless it chooses the page's (the
  // zones file worker, src/map, which loads its language's catalogs as the page does). ES
  // modules: they are started with `type: 'module'`.
  worker: { format: 'es', plugins: () => linguiPlugins() },
  // maplibre's worker is loaded by URL (src/map); pre-bundling breaks it in dev
  // (GeoJSON sources then fail with "Worker failed to load").
  optimizeDeps: { exclude: ['maplibre-gl'] },
  resolve: {
    alias: {
      // The router's store asks for the shim of useSyncExternalStore, which exists for React
      // before 18; the package's own entry uses React's built-in one (0.2 KiB gz less in the
      // jobs screen's first load, measured with npm run check:size).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    manifest: true,
    // Maps are written for the size check (scripts/check-size.ts) and for debugging a build,
    // but not linked from the code; the reference server does not serve them.
    sourcemap: 'hidden',
    target: 'es2022',
    // Every supported browser has modulepreload: skip the polyfill in the first load.
    modulePreload: { polyfill: false },
  },
});
