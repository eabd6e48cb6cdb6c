import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '../components/ui/toast-store';
import { acme, installTestClient, type TestClientOptions } from '../test/test-client';
import { pathsWithoutScreens } from './community-routes';
import { createRoutes } from './router';

function renderAt(path: string, client: TestClientOptions = {}) {
  installTestClient(client);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Route modules load on demand; on a busy machine the first import takes longer than 1 s.
const lazyRoutes = { timeout: 5000 };

beforeEach(() => {
  resetToasts();
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

describe('routing rules', () => {
  it('sends an unknown language prefix to the English page, query kept', async () => {
    for (const prefix of ['de', 'xx', 'pt-BR']) {
      const router = renderAt(`/${prefix}/login?redirect=%2Fen%2Facme`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'), lazyRoutes);
      expect(router.state.location.search).toBe('?redirect=%2Fen%2Facme');
      cleanup();
    }
  });

  it('shows the 404 view with the path for a first segment that is not a language', async () => {
    renderAt('/whatever/login');
    expect(await screen.findByTestId('error-message', {}, lazyRoutes)).toHaveProperty(
      'textContent',
      'Page not found: /whatever/login',
    );
    expect(screen.getByTestId('error-status').textContent).toBe('404');
  });

  it('shows the 404 view in Danish for an unknown page inside a community', async () => {
    renderAt('/da/acme/no-such-area', { memberships: { acme } });
    expect((await screen.findByTestId('error-message', {}, lazyRoutes)).textContent).toBe(
      'Siden blev ikke fundet: /da/acme/no-such-area',
    );
  });

  it('sends a signed-out visitor of a protected page to the localized login with a way back', async () => {
    const router = renderAt('/da/acme/events?view=list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/da/login'), lazyRoutes);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/da/acme/events?view=list',
    );
    expect(await screen.findByRole('heading', { name: 'Log ind' })).toBeTruthy();
  });

  it('sends a signed-out visitor of the profile to the login too', async () => {
    const router = renderAt('/en/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'), lazyRoutes);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('matches the community case-insensitively', async () => {
    renderAt('/en/ACME', { memberships: { acme } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Idrætsforening' })).toBeTruthy();
  });

  it('sends a member to the localized root for a community they are not a member of', async () => {
    const beta = { ...acme, community_id: '00000000-0000-4000-8000-00000000000b', name: 'Beta Boldklub' };
    const router = renderAt('/da/other-club/events', { memberships: { acme, beta } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/da'), lazyRoutes);
    expect(await screen.findByRole('heading', { name: 'Vælg en forening' })).toBeTruthy();
  });

  it('shows only the areas the user administers, in the fixed order', async () => {
    renderAt('/en/acme', { memberships: { acme: { ...acme, areas: ['news', 'event'] } } });
    const nav = await screen.findAllByRole('navigation', { name: 'Main navigation' });
    const labels = Array.from(nav[0]!.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual(['Overview', 'Events', 'News', 'Tags', 'Settings']);
  });

  it('shows a news-only administrator neither Tags nor Clubs, and a member administrator both', async () => {
    renderAt('/en/acme', { memberships: { acme: { ...acme, areas: ['news'] } } });
    let nav = await screen.findAllByRole('navigation', { name: 'Main navigation' });
    expect(Array.from(nav[0]!.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Overview',
      'News',
      'Settings',
    ]);
    cleanup();
    renderAt('/en/acme', { memberships: { acme: { ...acme, areas: ['member'] } } });
    nav = await screen.findAllByRole('navigation', { name: 'Main navigation' });
    expect(Array.from(nav[0]!.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Overview',
      'Members',
      'Tags',
      'Clubs',
      'Settings',
    ]);
  });

  it('sends a user away from an area they do not administer, to the community overview, saying why', async () => {
    const router = renderAt('/en/acme/billing/invoices', { memberships: { acme } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/acme'), lazyRoutes);
    const said = await screen.findByText('You do not have access to Billing', {}, lazyRoutes);
    expect(said.closest('[role="status"]')?.textContent).toContain(
      'That page is for administrators of Billing',
    );
  });

  it('tells a news administrator typing the tags address why they are on the overview, in Danish', async () => {
    const router = renderAt('/da/acme/tags', { memberships: { acme: { ...acme, areas: ['news'] } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/da/acme'), lazyRoutes);
    const said = await screen.findByText('Du har ikke adgang til Tags', {}, lazyRoutes);
    expect(said.closest('[role="status"]')?.textContent).toContain(
      'Siden er for administratorer af Medlemmer, Grupper eller Arrangementer',
    );
  });

  it('has screens for every area path: no placeholder is left', () => {
    // Clubs was the last area with a placeholder (issue #24).
    expect(pathsWithoutScreens()).toEqual([]);
  });

  it('shows the 404 view inside the shell at once for a malformed or missing id, with one main landmark', async () => {
    for (const path of [
      '/en/acme/events/not-a-uuid',
      '/en/acme/members/123/profile',
      '/en/acme/no-such-area',
    ]) {
      renderAt(path, { memberships: { acme: { ...acme, areas: ['event', 'member'] } } });
      expect((await screen.findByTestId('error-message', {}, lazyRoutes)).textContent).toBe(
        `Page not found: ${path}`,
      );
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(document.querySelectorAll('#main')).toHaveLength(1);
      expect(screen.getByRole('navigation', { name: /./ })).toBeTruthy();
      cleanup();
    }
  });

  it('shows the app-download notice with the provider name to a member without admin access', async () => {
    renderAt('/en/acme', { memberships: { acme: { ...acme, role: 'member', areas: [] } } });
    const notice = await screen.findByTestId('app-download-notice');
    expect(notice.textContent).toContain('Download the free Klubportalen App from App Store or Play Store');
  });

  it('asks for the second factor when the account has a verified one and the session is aal1', async () => {
    const router = renderAt('/en/acme', { memberships: { acme }, verifiedFactor: true, aal: 'aal1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'), lazyRoutes);
    expect(new URLSearchParams(router.state.location.search).get('step')).toBe('mfa');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
  });

  it('lets an aal2 session with a verified factor in', async () => {
    renderAt('/en/acme', { memberships: { acme }, verifiedFactor: true, aal: 'aal2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Idrætsforening' })).toBeTruthy();
  });

  it('redirects the root to the remembered language', async () => {
    document.cookie = 'i18n_redirected=da; Path=/';
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/da'), lazyRoutes);
    expect(await screen.findByRole('heading', { name: 'Hele klubben ét sted' })).toBeTruthy();
  });
});
