// The administrator's "Add participant" (decision 1071): who (a member found by name or a guest),
// which ticket type and how many, the event's add-ons within their min/max per person, and, for
// a priced ticket, whether it is complimentary or to be paid. The database keeps every limit; its refusal is shown in words and the dialog stays.
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { useState, type FormEvent } from 'react';
import {
  addOnLines,
  addOnProblems,
  AddOnQuantities,
  type AddOnChoice,
  type AddOnCounts,
} from '../../components/events/addon-quantities';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { useAddParticipant, type ParticipantPayment } from './add-participant';
import { selectClass } from './editor-basics-section';
import type { EventRecord } from './event-records';
import { emptyWho, readWho, WhoFields, type WhoErrors } from './who-fields';

export function DetailAddParticipantDialog({
  event,
  communityId,
  format,
  open,
  onOpenChange,
}: {
  event: EventRecord;
  communityId: string;
  format: Formatters;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(eventsMessages);
  const add = useAddParticipant(communityId, event.id);
  const [who, setWho] = useState(emptyWho);
  const [errors, setErrors] = useState<WhoErrors & { quantity?: string | undefined }>({});
  const [ticketId, setTicketId] = useState(event.tickets[0]?.id ?? '');
  const [quantity, setQuantity] = useState('1');
  const [payment, setPayment] = useState<ParticipantPayment>('to_pay');
  const [counts, setCounts] = useState<AddOnCounts>({});
  const [wrongAddOns, setWrongAddOns] = useState<AddOnChoice[]>([]);
  const ticket = event.tickets.find((x) => x.id === ticketId);
  const priced = (ticket?.price_ore ?? 0) > 0;
  // Paid extras on a free ticket are also to be paid or complimentary.
  const paidAddOns = event.event_addons.some((a) =>
    a.addon_options.some((o) => o.price_ore > 0 && (counts[o.id] ?? 0) > 0),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readWho(who, t);
    const count = Number(quantity);
    const quantityError = Number.isInteger(count) && count >= 1 ? undefined : t('errors.invalid_quantity');
    setErrors({ ...('errors' in read ? read.errors : {}), quantity: quantityError });
    const wrong = quantityError ? [] : addOnProblems(event.event_addons, counts, count);
    setWrongAddOns(wrong);
    if ('errors' in read || quantityError || wrong.length > 0 || !ticket) return;
    add.mutate(
      {
        communityId,
        eventId: event.id,
        ticketId: ticket.id,
        quantity: count,
        addOns: addOnLines(counts),
        payment: priced || paidAddOns ? payment : 'complimentary',
        name: read.name,
        who: read.who,
      },
      {
        onSuccess: () => {
          setWho(emptyWho);
          setQuantity('1');
          setCounts({});
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('detail.participants.addTitle')}
      description={t('detail.participants.addHelp')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <WhoFields
          communityId={communityId}
          idPrefix="add-participant"
          state={who}
          onChange={setWho}
          errors={errors}
        />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField label={t('detail.participants.ticketType')}>
            <select
              id="add-participant-ticket"
              className={selectClass}
              value={ticketId}
              onChange={(e) => setTicketId(e.target.value)}
            >
              {event.tickets.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.price_ore > 0 ? `${x.name} · ${format.money(x.price_ore)}` : x.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('detail.participants.quantity')} error={errors.quantity}>
            <Input
              id="add-participant-quantity"
              type="number"
              inputMode="numeric"
              min={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </FormField>
        </div>
        {event.event_addons.length > 0 ? (
          <div className="space-y-4">
            <AddOnQuantities
              addons={event.event_addons}
              counts={counts}
              invalid={wrongAddOns}
              money={(ore) => format.money(ore)}
              idPrefix="add-participant-option"
              onChange={(id, n) => {
                setCounts((prev) => ({ ...prev, [id]: n }));
                setWrongAddOns([]);
              }}
            />
            {wrongAddOns.length > 0 ? <Alert kind="error">{t('errors.addon_quantity_invalid')}</Alert> : null}
          </div>
        ) : null}
        {priced || paidAddOns ? (
          <fieldset>
            <legend className="text-sm font-medium">{t('detail.participants.payment')}</legend>
            <div className="mt-2 space-y-2">
              {(['to_pay', 'complimentary'] as const).map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="add-participant-payment"
                    value={choice}
                    checked={payment === choice}
                    onChange={() => setPayment(choice)}
                  />
                  {t(`detail.participants.payment_${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {t('detail.participants.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
