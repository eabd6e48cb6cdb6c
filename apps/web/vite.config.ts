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

export default defineConfig({
  plugins,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: platformUrl, changeOrigin: true }])),
      '/realtime': { target: platformUrl, ws: true, changeOrigin: true },
    },
  },
});
