// The FI creditor number on the payment-terms page (decision 1060): 8 digits, and a clear message
// in the page's language when it is not, before anything is saved.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { billingKeys } from './billing-keys';
import { PaymentDetailsCard } from './billing-settings-cards';

const communityId = '00000000-0000-4000-8000-000000000001';

function show(path: string) {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(billingKeys.settings(communityId), null);
  const router = createMemoryRouter(
    [{ path: '*', element: <PaymentDetailsCard communityId={communityId} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe.each([
  [
    '/da/demo/billing/terms',
    /FI-kreditornummer/,
    /Gem betalingsoplysninger/,
    'Et FI-kreditornummer har 8 cifre, fx 85338555.',
  ],
  [
    '/en/demo/billing/terms',
    /FI creditor number/,
    /Save payment details/,
    'An FI creditor number has 8 digits, e.g. 85338555.',
  ],
])('on %s', (path, label, save, message) => {
  it('refuses an FI creditor number that is not 8 digits, in the page language', async () => {
    show(path);
    fireEvent.change(await screen.findByLabelText(label), { target: { value: '8533855' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message, { selector: 'p' })).toBeTruthy();
    expect((screen.getByLabelText(label) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
  });
});
