/**
 * `npm run build:server` (part of `npm run build`): the production server (scripts/serve.ts
 * and what it imports) compiled to one JavaScript module, dist-server/serve.mjs, which
 * `npm run serve` runs on plain node, without a TypeScript loader. Packages stay in
 * node_modules (Vite's server build leaves them external).
 */
import { build } from 'vite';

await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'scripts/serve.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'serve.mjs' } },
  },
});
console.log('build:server: dist-server/serve.mjs');
