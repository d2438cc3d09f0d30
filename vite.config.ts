import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react()],
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
