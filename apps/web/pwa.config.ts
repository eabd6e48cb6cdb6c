// The installable member app (decision 1030): the web manifest and a generated service worker.
// The worker precaches the built shell and code so a screen loaded once opens again offline;
// club data it keeps only as a network-first copy of the data service's reads (used only
// when the network fails; cleared at sign-out by the member app), and it never answers the
// server's own paths with the shell. Kept out of vite.config.ts so the chunking settings there stay separate.
import { VitePWA } from 'vite-plugin-pwa';
import { codeCache, memberDataCache } from './src/lib/offline-data';

const serverPaths = [
  /^\/auth\//,
  /^\/rest\//,
  /^\/storage\//,
  /^\/functions\//,
  /^\/realtime\//,
  /^\/builds/,
];

export const pwaPlugin = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/m',
    name: 'Club Platform',
    short_name: 'Club',
    description: 'News, teams, events and invoices of your club',
    start_url: '/m',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    icons: [
      { src: '/icons/any-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/any-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Only the frame and the member screens are fetched at install (not the whole admin app);
    // any other code is kept the first time a page loads it (assets below), and what the page
    // had loaded before the worker took over is added by register-service-worker.ts.
    globPatterns: [
      'index.html',
      'favicon.svg',
      'icons/*.png',
      'assets/index-*.{js,css}',
      'assets/member-*-route-*.js',
    ],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: serverPaths,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Hashed file names never change content, so a kept copy is always right.
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: codeCache, expiration: { maxEntries: 400 } },
      },
      {
        urlPattern: ({ url }) => url.pathname === '/app-config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'app-config', networkTimeoutSeconds: 4 },
      },
      {
        urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/rest/v1/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: memberDataCache,
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
        },
      },
    ],
  },
});
