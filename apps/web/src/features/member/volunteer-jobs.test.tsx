// An event's volunteer jobs in the member app (decision 1072): places taken and open with Danish
// plurals, a full time says so instead of offering it, a job for a role the member lacks says
// why, times are the club's, and giving back a shift asks first (or says why it no longer can).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VolunteerShift } from '../../lib/queries/events/load-volunteer-shifts';
import { installTestClient } from '../../test/test-client';
import { VolunteerJobs } from './volunteer-jobs';

const communityId = '00000000-0000-4000-8000-000000000001';

function shift(overrides: Partial<VolunteerShift>): VolunteerShift {
  const base: VolunteerShift = {
    key: 'j1:t1',
    eventId: 'e1',
    eventTitle: 'Regatta',
    eventLocation: 'Havnen',
    eventStartsAt: '2027-06-12T08:00:00Z',
    jobId: 'j1',
    jobTitle: 'Bådmandskab',
    jobDescription: null,
    compensation: null,
    relevantRoles: [],
    requiresChildCertificate: false,
    timeslotId: 't1',
    // 10:00–12:00 in Copenhagen (summer time), whatever zone the test runs in.
    startsAt: '2027-06-12T08:00:00Z',
    endsAt: '2027-06-12T10:00:00Z',
    slots: 3,
    taken: 1,
    mySignupId: null,
    myCheckedInAt: null,
    refusal: null,
    mayCancel: false,
  };
  return { ...base, ...overrides };
}

function show(shifts: VolunteerShift[]) {
  installTestClient({ signedIn: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/da/m/demo/shifts']}>
        <VolunteerJobs communityId={communityId} shifts={shifts} timeZone="Europe/Copenhagen" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lineOf = (key: string) => document.querySelector<HTMLElement>(`[data-shift="${key}"]`)!;

describe('volunteer jobs', () => {
  it('counts places with plurals, says a full time is full and why a role job is not for me', () => {
    show([
      shift({}),
      shift({ key: 'j1:t2', timeslotId: 't2', slots: 1, taken: 1 }),
      shift({
        key: 'j2:',
        jobId: 'j2',
        jobTitle: 'Dommer',
        timeslotId: null,
        slots: 1,
        taken: 0,
        relevantRoles: ['dommer', 'træner'],
        requiresChildCertificate: true,
        refusal: 'role_required',
      }),
    ]);
    const open = within(lineOf('j1:t1'));
    expect(open.getByText(/10[.:]00–12[.:]00/)).toBeTruthy();
    expect(open.getByText('1 af 3 pladser besat · 2 ledige')).toBeTruthy();
    expect(open.getByRole('button', { name: /^Tag vagten Bådmandskab, .*10[.:]00–12[.:]00$/ })).toBeTruthy();

    const full = within(lineOf('j1:t2'));
    expect(full.getByText('1 af 1 plads besat')).toBeTruthy();
    expect(full.getByText('Fuldt besat')).toBeTruthy();
    expect(full.queryByRole('button')).toBeNull();

    const judge = within(screen.getByRole('article', { name: 'Dommer' }));
    expect(judge.getByText('Kun for: dommer, træner')).toBeTruthy();
    expect(judge.getByText('Kræver en gyldig børneattest')).toBeTruthy();
    expect(judge.getByText('0 af 1 plads besat · 1 ledig')).toBeTruthy();
    expect(
      judge.getByText('Jobbet er for dommer, træner. Spørg klubben, hvis du skal have det.'),
    ).toBeTruthy();
    expect(judge.queryByRole('button')).toBeNull();
  });

  it('asks before giving back my shift, and says why a started one cannot be', async () => {
    show([
      shift({ mySignupId: 's1', mayCancel: true, taken: 2 }),
      shift({ key: 'j1:t2', timeslotId: 't2', mySignupId: 's2', mayCancel: false }),
    ]);
    const mine = within(lineOf('j1:t1'));
    expect(mine.getByText('Din vagt')).toBeTruthy();
    expect(mine.queryByRole('button', { name: /^Tag vagten/ })).toBeNull();
    fireEvent.click(mine.getByRole('button', { name: /^Meld fra vagten Bådmandskab, / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Meld fra vagten Bådmandskab?' });
    expect(within(dialog).getByText(/10[.:]00–12[.:]00\. Din plads gives tilbage/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Behold vagten' })).toBeTruthy();

    const started = within(lineOf('j1:t2'));
    expect(
      started.getByText('Vagten er begyndt. Sig det til koordinatoren, hvis du ikke kan blive.'),
    ).toBeTruthy();
    expect(started.queryByRole('button')).toBeNull();
  });
});
