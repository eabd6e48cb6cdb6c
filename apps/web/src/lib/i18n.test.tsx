import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '../components/ui/language-switcher';
import { localePath, switchLanguagePath, useFormat, useLanguage } from './i18n';

describe('language paths', () => {
  it('swaps the prefix and keeps the rest of the page, its query and hash', () => {
    expect(switchLanguagePath('/en/acme/events/12', '?tab=tickets', '#top', 'da')).toBe(
      '/da/acme/events/12?tab=tickets#top',
    );
    expect(switchLanguagePath('/da/login', '?redirect=%2Fda%2Facme', '', 'en')).toBe(
      '/en/login?redirect=%2Fda%2Facme',
    );
    expect(switchLanguagePath('/da', '', '', 'en')).toBe('/en');
    expect(switchLanguagePath('/', '', '', 'da')).toBe('/da');
  });

  it('builds localized paths', () => {
    expect(localePath('da', 'login')).toBe('/da/login');
    expect(localePath('en', '/acme/events')).toBe('/en/acme/events');
    expect(localePath('en')).toBe('/en');
  });
});

function Probe() {
  const language = useLanguage();
  const format = useFormat();
  return (
    <p data-testid="probe">
      {language} {format.money(123450)}
    </p>
  );
}

describe('language switcher', () => {
  it('keeps the page when switching, formats per language and remembers the choice', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <LanguageSwitcher />
              <Probe />
            </>
          ),
        },
      ],
      { initialEntries: ['/en/acme/news?page=2'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('probe').textContent?.replace(/\s/g, ' ')).toBe('en DKK 1,234.50');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dansk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/da/acme/news'));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByTestId('probe').textContent?.replace(/\s/g, ' ')).toBe('da 1.234,50 kr.');
    expect(document.cookie).toContain('i18n_redirected=da');
    expect(screen.getByRole('button', { name: 'Sprog: Dansk' })).toBeTruthy();
  });
});
