// An administrator who is neither owner nor membership manager sees, on each tab they cannot
// use, what that tab is and who sees it — the retention and audit tabs said "administrators".
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installTestClient } from '../../test/test-client';
import type { GeneralSettings, SettingsAccess } from './load-settings';
import { settingsKeys } from './settings-keys';
import { SettingsPage } from './settings-page';

const communityId = '00000000-0000-4000-8000-00000000000a';
const general: GeneralSettings = {
  community: {
    id: communityId,
    name: 'Acme Idrætsforening',
    slug: 'acme',
    time_zone: 'Europe/Copenhagen',
    default_language: 'da',
    cvr: null,
    logo_path: null,
  },
  settings: {
    community_id: communityId,
    contact_email: null,
    contact_phone: null,
    address: null,
    website: null,
    welcome_text: null,
    admin_welcome_text: null,
    retention_months: 60,
  },
};
const access: SettingsAccess = { owner: false, managesAccess: false, userId: 'u' };

function renderTab(path: string) {
  installTestClient({});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(settingsKeys.general(communityId), general);
  client.setQueryData(settingsKeys.access(communityId), access);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <SettingsPage communityId={communityId} /> }], {
          initialEntries: [path],
        })}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => cleanup());

describe('settings tabs an administrator cannot use', () => {
  it('say what the retention and audit tabs are for and who sees them', async () => {
    renderTab('/en/acme/settings?part=retention');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Only owners and membership managers see how long the community keeps data about members who have left.',
    );
    cleanup();
    renderTab('/en/acme/settings?part=audit');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Only owners and membership managers see the audit log.',
    );
    cleanup();
    renderTab('/da/acme/settings?part=audit');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Kun ejere og medlemsansvarlige ser revisionsloggen.',
    );
  });

  it('keep the administrators message on the administrators tab', async () => {
    renderTab('/en/acme/settings?part=administrators');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Only owners and membership managers see the administrators.',
    );
  });
});
