// Start: read the public configuration, create the one supabase client (which reads and then
// clears any session data in the address), then render the router.
import './styles.css';
import { languageFromPath } from '@club/i18n';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorView } from './components/ui/error-view';
import { installFatalErrorHandlers } from './app/fatal-error';
import { createAppRouter, preloadRouteModules } from './app/router';
import { loadAppConfig } from './lib/app-config';
import { startBuildCheck } from './lib/build-check';
import { detectDevice } from './lib/device';
import { createSupabase } from './lib/supabase';
import { refreshTokenOnStart } from './lib/session';
import { rememberUrlAuthError, clearAuthDataFromAddress, takeInvitationSession } from './lib/url-auth';

function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  const element = document.getElementById('root');
  if (!element) {
    console.error('The app could not mount: #root is missing');
    return;
  }
  const root = createRoot(element);
  try {
    installFatalErrorHandlers();
    preloadRouteModules(window.location.pathname);
    const config = await loadAppConfig();
    document.title = config.appName;
    const invitation = takeInvitationSession();
    const client = createSupabase(config);
    const { error } = await client.auth.initialize();
    rememberUrlAuthError(error);
    if (invitation) rememberUrlAuthError((await client.auth.setSession(invitation)).error);
    else await refreshTokenOnStart(client);
    clearAuthDataFromAddress();
    startBuildCheck();
    const device = detectDevice(navigator.userAgent, navigator.maxTouchPoints);
    const router = createAppRouter();
    // The static first paint of index.html stays until the first page can render, so the
    // visitor never sees an interim spinner between the two.
    await routerReady(router);
    root.render(<App router={router} device={device} />);
  } catch (error) {
    console.error('The app could not mount', error);
    root.render(
      <ErrorView status={503} message={undefined} language={languageFromPath(window.location.pathname)} />,
    );
  }
}

void start();
