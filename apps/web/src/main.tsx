// Start: read the public configuration, create the one supabase client (which reads and then
// clears any session data in the address), then render the router.
import './styles.css';
import { languageFromPath } from '@club/i18n';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorView } from './app/error-view';
import { installFatalErrorHandlers } from './app/fatal-error';
import { createAppRouter } from './app/router';
import { loadAppConfig } from './lib/app-config';
import { startBuildCheck } from './lib/build-check';
import { detectDevice } from './lib/device';
import { createQueryClient } from './lib/query-client';
import { createSupabase } from './lib/supabase';
import { rememberUrlAuthError, clearAuthDataFromAddress } from './lib/url-auth';

async function start(): Promise<void> {
  const element = document.getElementById('root');
  if (!element) {
    console.error('The app could not mount: #root is missing');
    return;
  }
  const root = createRoot(element);
  try {
    installFatalErrorHandlers();
    const config = await loadAppConfig();
    document.title = config.appName;
    const client = createSupabase(config);
    const { error } = await client.auth.initialize();
    rememberUrlAuthError(error);
    clearAuthDataFromAddress();
    startBuildCheck();
    const device = detectDevice(navigator.userAgent, navigator.maxTouchPoints);
    root.render(<App router={createAppRouter()} queryClient={createQueryClient()} device={device} />);
  } catch (error) {
    console.error('The app could not mount', error);
    root.render(
      <ErrorView status={503} message={undefined} language={languageFromPath(window.location.pathname)} />,
    );
  }
}

void start();
