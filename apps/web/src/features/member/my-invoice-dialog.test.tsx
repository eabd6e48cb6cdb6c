// The member's invoice dialog shows how to pay as the club wrote it in invoice_document: the
// FI-kort +71 line first when the club has an FI creditor number (decision 1060), and none
// when it has not.
import type { InvoiceDocument } from '@club/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { billingKeys } from '../../lib/queries/billing/keys';
import { installTestClient } from '../../test/test-client';
import { MyInvoiceDialog } from './my-invoice-dialog';

const communityId = '00000000-0000-4000-8000-000000000001';
const invoiceId = '00000000-0000-4000-8000-0000000000aa';

function documentWith(fi: InvoiceDocument['fi']): InvoiceDocument {
  return {
    invoice: {
      id: invoiceId,
      number: 378,
      kind: 'invoice',
      status: 'issued',
      currency: 'DKK',
      issued_on: '2026-11-01',
      due_on: '2026-11-15',
      note: null,
      subtotal_ore: 60000,
      vat_ore: 0,
      total_ore: 60000,
      fees_ore: 0,
      paid_ore: 0,
      credited_number: null,
    },
    lines: [
      {
        description: 'Kontingent',
        quantity: 1,
        unit_price_ore: 60000,
        vat_rate_bp: 0,
        vat_exempt: true,
        line_kind: 'charge',
        net_ore: 60000,
        vat_ore: 0,
      },
    ],
    account: {
      name: 'Otto Jensen',
      kind: 'member',
      email: null,
      cvr: null,
      ean: null,
      street: null,
      postal_code: null,
      city: null,
      language: 'da',
    },
    club: { name: 'Søndervang IF', cvr: null, time_zone: 'Europe/Copenhagen' },
    fi,
    payment: { bank_reg_no: '5301', bank_account_no: '0001234567' },
    reminders: [],
  };
}

function show(doc: InvoiceDocument) {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData([...billingKeys.myInvoices(communityId), invoiceId], doc);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/da/m/demo/me']}>
        <MyInvoiceDialog communityId={communityId} invoiceId={invoiceId} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('my invoice dialog', () => {
  it('shows the FI-kort +71 line first among the ways to pay', async () => {
    show(
      documentWith({
        payment_id: '000000000003780',
        creditor_no: '85338555',
        line: '+71<000000000003780+85338555<',
      }),
    );
    const ways = await screen.findByTestId('invoice-payment-ways');
    const terms = within(ways).getAllByRole('term');
    expect(terms[0]!.textContent).toBe('FI-kort (+71)');
    expect(within(ways).getByText('+71<000000000003780+85338555<')).toBeTruthy();
    expect(screen.getByText(/Betal FI-kort/)).toBeTruthy();
  });

  it('offers no FI line when the club has no FI creditor number', async () => {
    show(documentWith(null));
    const ways = await screen.findByTestId('invoice-payment-ways');
    expect(within(ways).queryByText(/\+71</)).toBeNull();
    expect(screen.queryByText(/Betal FI-kort/)).toBeNull();
    expect(within(ways).getByText('Reg.nr. 5301, konto 0001234567')).toBeTruthy();
  });
});
