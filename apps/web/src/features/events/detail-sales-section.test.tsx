// A draft event's tickets said "On sale now – …" on the event page (issue #39): a draft sells
// nothing, and a scheduled event sells from its release. The sale window says so.
import { createFormatters } from '@club/i18n';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DetailSalesSection } from './detail-sales-section';

const ticket = {
  id: 't1',
  name: 'Voksen',
  participant_limit: 50,
  price_ore: 15000,
  join_opens_at: null,
  join_closes_at: '2027-06-20T16:00:00Z',
  refund_closes_at: null,
};

function show(event: Record<string, unknown>, language: 'en' | 'da' = 'en') {
  const format = createFormatters(language, 'Europe/Copenhagen');
  const section = (
    <DetailSalesSection
      event={{ starts_at: '2027-06-20T16:00:00Z', tickets: [ticket], event_addons: [], ...event } as never}
      participants={[]}
      format={format}
    />
  );
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: section }], {
        initialEntries: [`/${language}/acme/events/e1`],
      })}
    />,
  );
  return format;
}

describe("the event's sale window", () => {
  it('says a draft goes on sale at publication', async () => {
    show({ status: 'draft', release_at: null }, 'da');
    expect((await screen.findByTestId('windows-t1')).textContent).toContain(
      'Til salg fra offentliggørelsen til',
    );
  });

  it('says a scheduled event goes on sale at its release', async () => {
    const format = show({ status: 'scheduled', release_at: '2027-05-01T08:00:00Z' });
    expect((await screen.findByTestId('windows-t1')).textContent).toContain(
      `On sale ${format.dateTime('2027-05-01T08:00:00Z')} – ${format.dateTime('2027-06-20T16:00:00Z')}`,
    );
  });

  it('says a published event is on sale now', async () => {
    show({ status: 'published', release_at: null });
    expect((await screen.findByTestId('windows-t1')).textContent).toContain('On sale now – ');
  });
});
