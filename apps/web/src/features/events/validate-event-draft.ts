// Checks the editor's draft before anything is saved. Messages are keys of the events
// namespace (`validation.*`), keyed by the field's path ("tickets.0.price"), so the editor can
// show each under its field in the user's language and focus the first one.
import type { NamespaceKey } from '@club/i18n';
import type { eventsMessages } from '@club/i18n/namespaces/events';
import type { EventDraft, PublishChoice } from './event-draft';
import { parsePrice } from './event-draft';

type EventsKey = NamespaceKey<typeof eventsMessages>;
export type ValidationKey = Extract<EventsKey, `validation.${string}`>;
export interface FieldError {
  key: ValidationKey;
  values?: Record<string, string | number>;
}
export type DraftErrors = Record<string, FieldError>;

/** Street and number, optional floor or door, then a four-digit postcode and the town:
 * "Havnevej 4, 4000 Roskilde" or "Vesterbrogade 12B, 2. th., 1620 København V". */
const danishAddress =
  /^\p{L}[\p{L}\p{M}0-9 .'’/-]*?\s\d+\s?[A-Za-z]?(?:,\s*[^,]+)?,\s*\d{4}\s+\p{L}[\p{L}\p{M} .-]*$/u;

export function isValidAddress(text: string): boolean {
  return danishAddress.test(text.trim());
}

/** The database's check on tickets.participant_limit (tickets_participant_limit_check). */
const maxParticipantLimit = 100_000;

const wallClock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A date-time field: empty is "required" when it must be filled; anything typed that the
 * date input could not read ("31.02.2027", "25.00") is a format message with an example. */
function dateTimeError(value: string, requiredKey?: ValidationKey): FieldError | undefined {
  if (value === '') return requiredKey ? { key: requiredKey } : undefined;
  return wallClock.test(value) ? undefined : { key: 'validation.dateTimeFormat' };
}

function wholeNumber(text: string, min: number, optional: boolean): FieldError | undefined {
  const t = text.trim();
  if (t === '') return optional ? undefined : { key: 'validation.wholeNumber', values: { min } };
  return /^\d+$/.test(t) && Number(t) >= min && Number(t) <= 1_000_000
    ? undefined
    : { key: 'validation.wholeNumber', values: { min } };
}

export function validateEventDraft(draft: EventDraft, choice: PublishChoice): DraftErrors {
  const errors: DraftErrors = {};
  const put = (path: string, error: FieldError | undefined) => {
    if (error && !errors[path]) errors[path] = error;
  };
  const required = (path: string, value: string) =>
    put(path, value.trim() === '' ? { key: 'validation.required' } : undefined);

  required('title', draft.title);
  if (draft.title.trim().length > 200) put('title', { key: 'validation.titleTooLong' });
  if (draft.location.trim() !== '' && !isValidAddress(draft.location))
    put('location', { key: 'validation.address' });

  put('startsAt', dateTimeError(draft.startsAt, 'validation.required'));
  put('endsAt', dateTimeError(draft.endsAt));
  if (draft.endsAt && wallClock.test(draft.startsAt) && draft.endsAt <= draft.startsAt)
    put('endsAt', { key: 'validation.endBeforeStart' });
  if (draft.repeat !== 'never') {
    if (draft.repeatUntil === '') put('repeatUntil', { key: 'validation.untilRequired' });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.repeatUntil))
      put('repeatUntil', { key: 'validation.dateFormat' });
    else if (wallClock.test(draft.startsAt) && draft.repeatUntil <= draft.startsAt.slice(0, 10))
      put('repeatUntil', { key: 'validation.untilBeforeStart' });
  }
  if (choice === 'later') {
    put('releaseAt', dateTimeError(draft.releaseAt, 'validation.releaseRequired'));
    if (wallClock.test(draft.startsAt) && draft.releaseAt >= draft.startsAt)
      put('releaseAt', { key: 'validation.releaseAfterStart' });
  }

  draft.tickets.forEach((t, i) => {
    const p = `tickets.${i}`;
    required(`${p}.name`, t.name);
    put(`${p}.participantLimit`, wholeNumber(t.participantLimit, 1, true));
    // The database keeps one row per free place, so a ticket type has at most 100000 (decision 1073).
    if (Number(t.participantLimit.trim()) > maxParticipantLimit)
      put(`${p}.participantLimit`, { key: 'validation.participantLimitMax' });
    for (const field of ['joinOpensAt', 'joinClosesAt', 'refundClosesAt'] as const)
      put(`${p}.${field}`, dateTimeError(t[field]));
    if (t.joinOpensAt && t.joinClosesAt && t.joinClosesAt < t.joinOpensAt)
      put(`${p}.joinClosesAt`, { key: 'validation.closesBeforeOpens' });
    if (t.paid) {
      const ore = parsePrice(t.price);
      if (t.price.trim() === '') put(`${p}.price`, { key: 'validation.paidNeedsPrice' });
      else if (ore === undefined) put(`${p}.price`, { key: 'validation.price' });
      else if (ore === 0) put(`${p}.price`, { key: 'validation.paidNeedsPrice' });
    }
  });

  draft.addons.forEach((a, i) => {
    const p = `addons.${i}`;
    required(`${p}.name`, a.name);
    put(`${p}.min`, wholeNumber(a.min, 0, true));
    put(`${p}.max`, wholeNumber(a.max, 1, true));
    if (
      !errors[`${p}.min`] &&
      !errors[`${p}.max`] &&
      a.max.trim() !== '' &&
      Number(a.max) < Number(a.min || '0')
    ) {
      put(`${p}.max`, { key: 'validation.maxBelowMin' });
    }
    if (a.options.length === 0) put(`${p}.options`, { key: 'validation.optionsRequired' });
    a.options.forEach((o, j) => {
      const q = `${p}.options.${j}`;
      required(`${q}.title`, o.title);
      if (o.price.trim() !== '' && parsePrice(o.price) === undefined)
        put(`${q}.price`, { key: 'validation.price' });
      put(`${q}.capacity`, wholeNumber(o.capacity, 0, true));
    });
  });

  draft.jobs.forEach((j, i) => {
    const p = `jobs.${i}`;
    required(`${p}.title`, j.title);
    put(`${p}.slots`, wholeNumber(j.slots, 1, false));
    j.timeslots.forEach((s, k) => {
      const q = `${p}.timeslots.${k}`;
      put(`${q}.startsAt`, dateTimeError(s.startsAt, 'validation.required'));
      put(`${q}.endsAt`, dateTimeError(s.endsAt, 'validation.required'));
      if (wallClock.test(s.startsAt) && s.endsAt <= s.startsAt)
        put(`${q}.endsAt`, { key: 'validation.timeslotOrder' });
      put(`${q}.slots`, wholeNumber(s.slots, 1, true));
    });
  });
  return errors;
}
