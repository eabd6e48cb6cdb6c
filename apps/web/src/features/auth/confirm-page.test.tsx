// The sign-up link opened in another browser (the mail read on a phone): the server has
// confirmed the address, but the browser has no PKCE verifier for the code, so it cannot sign
// in. The page says the address is confirmed instead of calling the link invalid.
import { AuthError, AuthPKCECodeVerifierMissingError } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberUrlAuthError, takeUrlAuthError } from '../../lib/url-auth';
import { installTestClient } from '../../test/test-client';
import { ConfirmPage } from './confirm-page';

function renderConfirm(path: string) {
  installTestClient({ signedIn: false });
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', Component: ConfirmPage }], { initialEntries: [path] })}
    />,
  );
}

afterEach(() => void takeUrlAuthError());

describe('the confirm page', () => {
  it('says a sign-up link opened in another browser has confirmed the address, and offers sign-in', async () => {
    rememberUrlAuthError(new AuthPKCECodeVerifierMissingError());
    renderConfirm('/en/confirm?next=%2Fen&link=signup');
    expect(await screen.findByRole('heading', { name: 'Your email address is confirmed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/login');
  });

  it('says so in Danish too', async () => {
    rememberUrlAuthError(new AuthPKCECodeVerifierMissingError());
    renderConfirm('/da/confirm?next=%2Fda&link=signup');
    expect(await screen.findByRole('heading', { name: 'Din e-mailadresse er bekræftet' })).toBeTruthy();
  });

  it('says a used sign-up link may have confirmed the address already', async () => {
    rememberUrlAuthError(new AuthError('Email link is invalid or has expired', 403, 'otp_expired'));
    renderConfirm('/en/confirm?next=%2Fen&link=signup');
    expect(await screen.findByRole('heading', { name: 'We could not confirm you' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'If you opened it before, your address is already confirmed',
    );
  });

  it('calls another failed link invalid', async () => {
    rememberUrlAuthError(new AuthPKCECodeVerifierMissingError());
    renderConfirm('/en/confirm?next=%2Fen');
    expect(await screen.findByRole('heading', { name: 'We could not confirm you' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The link is invalid or has expired. Ask for a new one.',
    );
  });
});
