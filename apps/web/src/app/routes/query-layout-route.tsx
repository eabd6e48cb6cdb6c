// Pages that read data through react-query sit under this layout, so react-query loads with
// them and not with the sign-in screens. Every instance shares the app's one client.
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { appQueryClient } from '../../lib/query-client';

export function Component() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
