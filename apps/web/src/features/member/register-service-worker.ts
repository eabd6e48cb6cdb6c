/// <reference types="vite-plugin-pwa/client" />
// Registers the generated service worker once the member app has shown a screen, so the first
// paint never waits for it. A new worker takes over at once (registerType autoUpdate); once it
// is ready, the code this page already loaded is kept for offline use.
import { keepLoadedCode } from '../../lib/offline-data';

let registered = false;

export function registerMemberServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      void registerSW({ immediate: true });
      return navigator.serviceWorker.ready;
    })
    .then(() => keepLoadedCode())
    .catch((error: unknown) => console.warn('The offline copy could not be set up', error));
}
