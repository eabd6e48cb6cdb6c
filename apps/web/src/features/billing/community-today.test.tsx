// "Today" on the billing home is the community's date: at 23:30 UTC it is already the next day in
// Copenhagen (00:30 in winter, 01:30 in summer), and the defaults must say so.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { communityTimeZoneKey } from '../../lib/community-time-zone';
import { installTestClient } from '../../test/test-client';
import { AccountingExportCard } from './accounting-export-card';
import { FeeRunCard } from './fee-run-card';

const communityId = '00000000-0000-4000-8000-000000000001';

function show(node: ReactNode) {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(communityTimeZoneKey(communityId), 'Europe/Copenhagen');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/da/demo/billing']}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => vi.useRealTimers());

describe.each([
  ['December', '2026-12-31T23:30:00Z', '01.01.2027', '01.01.2027'],
  ['June', '2026-06-30T23:30:00Z', '01.07.2026', '01.07.2026'],
])('at 23:30 UTC in %s', (_month, now, monthStart, today) => {
  it("defaults the bookkeeping export to this month on the community's calendar", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
    show(<AccountingExportCard communityId={communityId} />);
    expect(valueOf('Fra')).toBe(monthStart);
    expect(valueOf('Til')).toBe(today);
  });

  it("runs the fees for the community's today", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
    show(<FeeRunCard communityId={communityId} />);
    expect(valueOf('En dag i perioden')).toBe(today);
  });
});
