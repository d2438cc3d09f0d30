import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';

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
  },
});
