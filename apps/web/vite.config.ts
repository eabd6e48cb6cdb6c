import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { pwaPlugin } from './pwa.config';

// The app is served by the platform server from apps/web/dist. In development, Vite proxies
// the platform's paths to a running server (npm start, port 54321 unless PLATFORM_URL says otherwise).
const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:54321';
const proxied = ['/auth', '/rest', '/storage', '/functions', '/app-config.json', '/builds'];

// The plugins are typed against the root's newer Vite; this workspace builds with its own Vite 7,
// which they support, so their types are bridged here.
const plugins = [react(), tailwindcss(), pwaPlugin] as unknown as PluginOption[];

// Libraries whose many small modules would otherwise become a chunk per icon or hook, each one
// more request before a page can render (on a phone's 3G link, 6 connections at ~0.5 s a round
// trip: decision 1035). Shared by the admin and the member app, so one cached chunk each. The
// framework every page starts with is named too, so a group does not take React in with it.
const groupedLibraries: [RegExp, string][] = [
  [
    /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|tslib|iceberg-js|@supabase\/[^/]+)\//,
    'framework',
  ],
  [/\/node_modules\/lucide-react\//, 'icons'],
  [/\/node_modules\/@tanstack\/(react-query|query-core)\//, 'react-query'],
];

export default defineConfig({
  plugins,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // What is left are small pieces shared by a few screens (a badge, a skeleton, one
        // query); chunks under 4 KB merge into a chunk loaded under similar conditions.
        experimentalMinChunkSize: 4000,
        manualChunks: (id) => groupedLibraries.find(([pattern]) => pattern.test(id))?.[1],
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: platformUrl, changeOrigin: true }])),
      '/realtime': { target: platformUrl, ws: true, changeOrigin: true },
    },
  },
});
