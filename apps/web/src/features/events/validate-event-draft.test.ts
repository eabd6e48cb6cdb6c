import { describe, expect, it } from 'vitest';
import {
  documentFromDraft,
  emptyAddon,
  emptyDraft,
  emptyJob,
  emptyTicket,
  emptyTimeslot,
  parsePrice,
  type EventDraft,
} from './event-draft';
import { isValidAddress, validateEventDraft } from './validate-event-draft';

function draft(overrides: Partial<EventDraft> = {}): EventDraft {
  return {
    ...emptyDraft(),
    title: 'Sommerfest',
    startsAt: '2027-06-19T17:00',
    endsAt: '2027-06-19T22:00',
    ...overrides,
  };
}

describe('validateEventDraft', () => {
  it('accepts a complete event', () => {
    expect(validateEventDraft(draft({ location: 'Havnevej 4, 4000 Roskilde' }), 'now')).toEqual({});
  });

  it('requires a title and a start, and an end after the start', () => {
    expect(validateEventDraft(draft({ title: ' ', startsAt: '', endsAt: '' }), 'draft')).toEqual({
      title: { key: 'validation.required' },
      startsAt: { key: 'validation.required' },
    });
    expect(validateEventDraft(draft({ endsAt: '2027-06-19T16:00' }), 'draft')).toEqual({
      endsAt: { key: 'validation.endBeforeStart' },
    });
  });

  it('names the format when a typed date or time could not be read, and compares nothing with it', () => {
    expect(
      validateEventDraft(
        draft({
          startsAt: 'invalidT17:00',
          endsAt: '2027-06-19Tinvalid',
          repeat: 'weekly',
          repeatUntil: 'invalid',
        }),
        'later',
      ),
    ).toEqual({
      startsAt: { key: 'validation.dateTimeFormat' },
      endsAt: { key: 'validation.dateTimeFormat' },
      repeatUntil: { key: 'validation.dateFormat' },
      releaseAt: { key: 'validation.releaseRequired' },
    });
    const ticket = { ...emptyTicket(), name: 'Voksen', refundClosesAt: '2027-06-12Tinvalid' };
    expect(validateEventDraft(draft({ tickets: [ticket] }), 'now')).toEqual({
      'tickets.0.refundClosesAt': { key: 'validation.dateTimeFormat' },
    });
  });

  it('asks for a valid address', () => {
    expect(validateEventDraft(draft({ location: 'somewhere nice' }), 'now')).toEqual({
      location: { key: 'validation.address' },
    });
    expect(isValidAddress('Vesterbrogade 12B, 2. th., 1620 København V')).toBe(true);
    expect(isValidAddress('Ølandsgade 7, 8000 Aarhus C')).toBe(true);
    expect(isValidAddress('Havnevej, 4000 Roskilde')).toBe(false);
    expect(isValidAddress('Havnevej 4')).toBe(false);
  });

  it('needs an until date for a series and a release time before the start for publishing later', () => {
    expect(validateEventDraft(draft({ repeat: 'weekly' }), 'later')).toEqual({
      repeatUntil: { key: 'validation.untilRequired' },
      releaseAt: { key: 'validation.releaseRequired' },
    });
    expect(
      validateEventDraft(
        draft({ repeat: 'weekly', repeatUntil: '2027-06-01', releaseAt: '2027-06-20T10:00' }),
        'later',
      ),
    ).toEqual({
      repeatUntil: { key: 'validation.untilBeforeStart' },
      releaseAt: { key: 'validation.releaseAfterStart' },
    });
  });

  it('checks tickets, add-ons and volunteer jobs by their path', () => {
    const ticket = { ...emptyTicket(), name: 'Voksen', paid: true, price: 'gratis', participantLimit: '0' };
    const free = { ...emptyTicket(), name: 'Barn', paid: true, price: '0' };
    const addon = { ...emptyAddon(), name: 'Mad', min: '2', max: '1', options: [] };
    const job = {
      ...emptyJob(),
      title: '',
      slots: '',
      timeslots: [{ ...emptyTimeslot(), startsAt: '2027-06-19T18:00', endsAt: '2027-06-19T17:00' }],
    };
    expect(
      validateEventDraft(draft({ tickets: [ticket, free], addons: [addon], jobs: [job] }), 'now'),
    ).toEqual({
      'tickets.0.participantLimit': { key: 'validation.wholeNumber', values: { min: 1 } },
      'tickets.0.price': { key: 'validation.price' },
      'tickets.1.price': { key: 'validation.paidNeedsPrice' },
      'addons.0.max': { key: 'validation.maxBelowMin' },
      'addons.0.options': { key: 'validation.optionsRequired' },
      'jobs.0.title': { key: 'validation.required' },
      'jobs.0.slots': { key: 'validation.wholeNumber', values: { min: 1 } },
      'jobs.0.timeslots.0.endsAt': { key: 'validation.timeslotOrder' },
    });
  });
});

describe('participant limit', () => {
  it('takes at most 100000 places per ticket type, the database check', () => {
    const limit = (participantLimit: string) =>
      validateEventDraft(
        draft({ tickets: [{ ...emptyTicket(), name: 'Stadion', participantLimit }] }),
        'now',
      )['tickets.0.participantLimit'];
    expect(limit('100000')).toBeUndefined();
    expect(limit('100001')).toEqual({ key: 'validation.participantLimitMax' });
  });
});

describe('prices and the saved document', () => {
  it('reads prices in Danish and English notation as øre', () => {
    expect(parsePrice('125')).toBe(12500);
    expect(parsePrice('125,50')).toBe(12550);
    expect(parsePrice('1.234,50 kr.')).toBe(123450);
    expect(parsePrice('1,234.50')).toBe(123450);
    expect(parsePrice('12,5')).toBe(1250);
    expect(parsePrice('-5')).toBeUndefined();
    expect(parsePrice('abc')).toBeUndefined();
  });

  it('converts wall-clock times in the community zone and prices to øre', () => {
    const doc = documentFromDraft(
      draft({
        tickets: [{ ...emptyTicket(), name: 'Voksen', paid: true, price: '150', participantLimit: '40' }],
        releaseAt: '2027-06-01T08:00',
      }),
      { communityId: 'c1', timeZone: 'Europe/Copenhagen', status: 'scheduled' },
    );
    expect(doc).toMatchObject({
      community_id: 'c1',
      starts_at: '2027-06-19T15:00:00.000Z',
      ends_at: '2027-06-19T20:00:00.000Z',
      release_at: '2027-06-01T06:00:00.000Z',
      status: 'scheduled',
      tickets: [{ name: 'Voksen', price_ore: 15000, participant_limit: 40, join_opens_at: null }],
    });
    expect(doc).not.toHaveProperty('id');
  });
});
