// The bank statement card says, in the page's language, why a file is not a statement and which
// line it cannot read, before anything is sent (decision 1062).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { BankImportCard } from './bank-import-card';

const communityId = '00000000-0000-4000-8000-000000000001';

function show() {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/da/demo/billing']}>
        <BankImportCard communityId={communityId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pick = (content: string) =>
  fireEvent.change(screen.getByLabelText('Fil med kontoudtog'), {
    target: { files: [new File([content], 'udtog.csv', { type: 'text/csv' })] },
  });

describe('bank statement card', () => {
  it('refuses a file that is not a statement, in Danish', async () => {
    show();
    pick('navn,email\nAnna,anna@example.dk\n');
    expect(
      await screen.findByText('Filen er ikke et kontoudtog: der er ingen kolonner med dato, tekst og beløb.'),
    ).toBeTruthy();
  });

  it('names the line whose amount it cannot read', async () => {
    show();
    pick('Dato;Tekst;Beløb\n20.11.2026;Faktura 378;375,00\n21.11.2026;Faktura 379;mange\n');
    expect(await screen.findByText('Linje 3 har et beløb, der ikke kan læses.')).toBeTruthy();
  });
});
