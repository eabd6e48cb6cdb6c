import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { languageFromPath } from '@club/i18n';
import { useSyncExternalStore } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { DeviceContext, type DeviceInfo } from '../lib/device';
import { ErrorView } from './error-view';
import { fatalError, subscribeFatalError } from './fatal-error';

export function App({
  router,
  queryClient,
  device,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  device: DeviceInfo;
}) {
  const fatal = useSyncExternalStore(subscribeFatalError, fatalError, fatalError);
  if (fatal)
    return (
      <ErrorView
        status={fatal.status}
        message={fatal.message}
        language={languageFromPath(window.location.pathname)}
      />
    );
  return (
    <DeviceContext.Provider value={device}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </DeviceContext.Provider>
  );
}
