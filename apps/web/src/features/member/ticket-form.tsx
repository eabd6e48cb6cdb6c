// Choosing tickets for one event: the ticket type, how many, the extras within each add-on's
// min/max per person, the total, and taking them (free) or paying (MobilePay or card). The
// checks here only spare a round trip: buy_ticket decides. One idempotency key per attempt, so
// a double tap is one order.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { useMemo, useState } from 'react';
import {
  addOnLines,
  addOnProblems as problemsOf,
  addOnTotal,
  AddOnQuantities,
} from '../../components/events/addon-quantities';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { MemberEvent } from '../../lib/queries/events/load-member-event';
import { useTakeTickets } from '../../lib/queries/events/take-tickets';
import { useFormat, useLanguage, useT } from '../../lib/i18n';

type Ticket = MemberEvent['tickets'][number];

function saleState(ticket: Ticket, startsAt: string, now: number) {
  if (ticket.join_opens_at && now < Date.parse(ticket.join_opens_at)) return 'notOpen' as const;
  if (now > Date.parse(ticket.join_closes_at ?? startsAt)) return 'closed' as const;
  return 'open' as const;
}

export function TicketForm({
  event,
  slug,
  timeZone,
}: {
  event: MemberEvent;
  slug: string;
  timeZone: string | undefined;
}) {
  const t = useT(memberEventsMessages);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const take = useTakeTickets(event.community_id);
  const now = Date.now();
  const [ticketId, setTicketId] = useState(event.tickets[0]?.id ?? '');
  const [quantity, setQuantity] = useState(1);
  const [options, setOptions] = useState<Record<string, number>>({});
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const [shownError, setShownError] = useState<string | null>(null);
  const ticket = event.tickets.find((x) => x.id === ticketId);

  const addOnProblems = useMemo(
    () => problemsOf(event.event_addons, options, quantity),
    [event.event_addons, options, quantity],
  );

  if (!ticket) return <p className="text-sm text-muted-foreground">{t('noTickets')}</p>;
  const state = saleState(ticket, event.starts_at, now);
  const total = ticket.price_ore * quantity + addOnTotal(event.event_addons, options);
  const change =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      // A changed choice is a new order; the same choice sent twice is the same one.
      setAttempt(crypto.randomUUID());
      setShownError(null);
    };
  const submit = (method: 'mobilepay' | 'card') => {
    if (addOnProblems.length > 0) {
      setShownError(t('errors.addon_quantity_invalid'));
      return;
    }
    const returnUrl = `${window.location.origin}/${language}/m/${slug}/events/${event.id}?paid=1`;
    take.mutate(
      {
        communityId: event.community_id,
        ticketId: ticket.id,
        quantity,
        addOns: addOnLines(options),
        idempotencyKey: attempt,
        method,
        returnUrl,
      },
      {
        onSuccess: (result) => {
          if (result.kind === 'pay') window.location.assign(result.redirectUrl);
          else {
            setOptions({});
            setQuantity(1);
            setAttempt(crypto.randomUUID());
          }
        },
      },
    );
  };
  const disabled = take.isPending || state !== 'open' || event.status === 'cancelled';

  return (
    <form className="space-y-5" onSubmit={(e) => e.preventDefault()} aria-label={t('tickets')}>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('tickets')}</legend>
        {event.tickets.map((x) => {
          const s = saleState(x, event.starts_at, now);
          return (
            <label
              key={x.id}
              className="flex items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-ring"
            >
              <input
                type="radio"
                name="ticket"
                value={x.id}
                checked={x.id === ticketId}
                onChange={() => change(setTicketId)(x.id)}
                className="mt-1"
              />
              <span className="min-w-0">
                <span className="block font-medium">{x.name}</span>
                <span className="block text-sm">
                  {x.price_ore === 0 ? t('free') : format.money(x.price_ore, x.currency)}
                </span>
                <span className="block text-sm text-muted-foreground">
                  {s === 'notOpen'
                    ? t('salesOpen', { date: format.dateTime(x.join_opens_at!) })
                    : s === 'closed'
                      ? t('salesClosed')
                      : t('salesCloseOn', { date: format.dateTime(x.join_closes_at ?? event.starts_at) })}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="max-w-40 space-y-1.5">
        <label htmlFor="ticket-quantity" className="block text-sm font-medium">
          {t('quantityFor', { ticket: ticket.name })}
        </label>
        <Input
          id="ticket-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={ticket.max_per_purchase}
          value={quantity}
          onChange={(e) =>
            change(setQuantity)(Math.min(ticket.max_per_purchase, Math.max(1, Number(e.target.value) || 1)))
          }
        />
      </div>
      <AddOnQuantities
        addons={event.event_addons}
        counts={options}
        invalid={addOnProblems}
        money={(ore) => format.money(ore, ticket.currency)}
        idPrefix="option"
        onChange={(id, n) => change((count: number) => setOptions((prev) => ({ ...prev, [id]: count })))(n)}
      />
      <p className="text-base font-semibold" data-testid="ticket-total">
        {t('total')}: {total === 0 ? t('free') : format.money(total, ticket.currency)}
      </p>
      {shownError ? <Alert kind="error">{shownError}</Alert> : null}
      {total === 0 ? (
        <Button type="button" disabled={disabled} onClick={() => submit('mobilepay')}>
          {t('take')}
        </Button>
      ) : (
        <div className="space-y-2">
          <p className="text-sm font-medium">
            {t('payWith', { amount: format.money(total, ticket.currency) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={disabled} onClick={() => submit('mobilepay')}>
              {t('method.mobilepay')}
            </Button>
            <Button type="button" variant="secondary" disabled={disabled} onClick={() => submit('card')}>
              {t('method.card')}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
