// The booking grid writes times as the rest of the app does: 18.00 on Danish pages, 18:00 on English.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { bookingKeys } from './booking-keys';
import { BookingWeekGrid } from './booking-week-grid';

const communityId = '00000000-0000-4000-8000-000000000001';
const day = '2026-12-03'; // a Thursday

function show(path: string) {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(bookingKeys.choices(communityId).concat('hours'), [
    {
      id: 'hall',
      name: 'Hallen',
      capacity: 1,
      product_availability: [{ weekday: 4, on_date: null, starts_at: '08:00:00', ends_at: '22:00:00' }],
    },
  ]);
  client.setQueryData(bookingKeys.week(communityId, day, 1), [
    {
      id: 'b1',
      product_id: 'hall',
      starts_at: '2026-12-03T17:00:00Z',
      ends_at: '2026-12-03T18:30:00Z',
      status: 'booked',
      member_name: 'Ane Hansen',
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BookingWeekGrid
          communityId={communityId}
          slug="demo"
          timeZone="Europe/Copenhagen"
          firstDay={day}
          days={1}
          productFilter=""
          statusFilter=""
          memberSearch=""
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('booking grid times', () => {
  it('writes 18.00 on Danish pages', () => {
    show('/da/demo/booking');
    expect(screen.getByText('18.00–19.30')).toBeTruthy();
    expect(screen.getByText('Ledigt 08.00–18.00, 19.30–22.00')).toBeTruthy();
  });

  it('writes 18:00 on English pages', () => {
    show('/en/demo/booking');
    expect(screen.getByText('18:00–19:30')).toBeTruthy();
  });
});
