import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { RegisterPage } from './register-page';

function renderRegister(path: string) {
  installTestClient({ signedIn: false });
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', Component: RegisterPage }], { initialEntries: [path] })}
    />,
  );
}

describe('form validation', () => {
  it('checks a field when it loses focus, with the message in Danish under the field', async () => {
    const user = userEvent.setup();
    renderRegister('/da/register');
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'ane@');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Ugyldig e-mail');
    await user.clear(email);
    await user.type(email, 'ane@example.dk');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('checks every field on submit and moves focus to the first invalid one', async () => {
    const user = userEvent.setup();
    renderRegister('/en/register');
    await user.type(screen.getByLabelText('Full name'), 'Ane Jensen');
    await user.type(screen.getByLabelText('Email'), 'ane@example.dk');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Repeat password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.getByText('Must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderRegister('/da/register');
    await user.type(screen.getByLabelText('Fulde navn'), 'Ane Jensen');
    await user.type(screen.getByLabelText('E-mail'), 'ane@example.dk');
    await user.type(screen.getByLabelText('Adgangskode'), 'long-enough-1');
    await user.type(screen.getByLabelText('Gentag adgangskode'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Opret konto' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Noget gik galt. Prøv igen om lidt.');
  });
});
