import { languageFromPath } from '@club/i18n';
import { useSyncExternalStore } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { DeviceContext, type DeviceInfo } from '../lib/device';
import { ErrorView } from '../components/ui/error-view';
import { fatalError, subscribeFatalError } from './fatal-error';

export function App({
  router,
  device,
}: {
  router: ReturnType<typeof createBrowserRouter>;
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
      <RouterProvider router={router} />
    </DeviceContext.Provider>
  );
}
