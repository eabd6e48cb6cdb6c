// The statutory member counts open on the year being reported now: CFR's window runs from
// 1 December to 31 January, so on 2 December it is this year and in January the one just ended.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { MemberCountsReport } from './member-counts-report';

const communityId = '00000000-0000-4000-8000-000000000001';

describe.each([
  ['2026-12-02', '2026'],
  ['2027-01-20', '2026'],
  ['2026-06-30', '2025'],
])('on %s', (today, year) => {
  it(`opens the CFR and member-grant report on ${year}`, () => {
    installTestClient({ signedIn: false });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/da/demo/analytics']}>
          <MemberCountsReport communityId={communityId} clubId={null} today={today} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((screen.getByLabelText('År') as HTMLSelectElement).value).toBe(year);
  });
});
