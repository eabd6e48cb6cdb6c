// Sales per ticket type and per add-on option, from the event's active purchases.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import type { Formatters } from '@club/i18n';
import { useT } from '../../lib/i18n';
import type { EventRecord, ParticipantRecord } from './event-records';

// At phone width the price column gives way (the price is written under the ticket's name)
// and the padding narrows, so sold and revenue fit beside the name without scrolling.
const cell = 'px-2 py-2 sm:px-3';
const num = 'whitespace-nowrap px-2 py-2 text-right tabular-nums sm:px-3';
const price = 'hidden sm:table-cell';

export function DetailSalesSection({
  event,
  participants,
  format,
}: {
  event: EventRecord;
  participants: ParticipantRecord[];
  format: Formatters;
}) {
  const t = useT(eventsMessages);
  const active = participants.filter((p) => p.status === 'active');
  // When a ticket goes on sale: its own opening, else at once if the event is out, else at the
  // scheduled release, else (a draft) at publication, which is said in words (null).
  const release =
    event.status === 'scheduled' && event.release_at && new Date(event.release_at) > new Date()
      ? event.release_at
      : null;
  const saleOpens = (opens: string | null): string | null => {
    if (opens && !(release && new Date(release) > new Date(opens))) return format.dateTime(opens);
    if (release) return format.dateTime(release);
    return event.status === 'draft' ? null : t('detail.sales.now');
  };
  // A complimentary ticket an administrator added (decision 1071) brings in nothing.
  const paying = active.filter((p) => p.payment !== 'complimentary');
  const perTicket = event.tickets.map((ticket) => {
    const sold = active.filter((p) => p.ticket_id === ticket.id);
    return {
      ticket,
      count: sold.reduce((n, p) => n + p.quantity, 0),
      revenue: paying
        .filter((p) => p.ticket_id === ticket.id)
        .reduce((n, p) => n + p.quantity * ticket.price_ore, 0),
      opens: saleOpens(ticket.join_opens_at),
    };
  });
  const options = event.event_addons.flatMap((addon) =>
    addon.addon_options.map((option) => ({ addon, option })),
  );
  const perOption = options.map(({ addon, option }) => {
    const lines = active.flatMap((p) => p.addons.filter((a) => a.option_id === option.id));
    const paid = paying.flatMap((p) => p.addons.filter((a) => a.option_id === option.id));
    return {
      addon,
      option,
      count: lines.reduce((n, a) => n + a.quantity, 0),
      revenue: paid.reduce((n, a) => n + a.quantity * a.unit_price_ore, 0),
    };
  });
  const total = active.reduce((n, p) => n + Number(p.total_ore), 0);
  return (
    <Card aria-labelledby="detail-sales">
      <CardHeader id="detail-sales" title={t('detail.sales.title')} />
      <CardBody className="overflow-x-auto">
        {event.tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.sales.none')}</p>
        ) : (
          <table className="w-full text-sm" aria-labelledby="detail-sales">
            <thead className="border-b border-border text-left">
              <tr>
                <th scope="col" className={cell}>
                  {t('detail.sales.ticket')}
                </th>
                <th scope="col" className={`${cell} ${price} text-right`}>
                  {t('detail.sales.price')}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t('detail.sales.sold')}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t('detail.sales.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {perTicket.map(({ ticket, count, revenue, opens }) => (
                <tr key={ticket.id} className="border-b border-border">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {ticket.name}
                    <span className="block whitespace-nowrap tabular-nums sm:hidden">
                      {ticket.price_ore === 0 ? t('detail.sales.free') : format.money(ticket.price_ore)}
                    </span>
                    <span
                      className="block text-xs text-muted-foreground"
                      data-testid={`windows-${ticket.id}`}
                    >
                      {opens === null
                        ? t('detail.sales.saleWindowUnpublished', {
                            until: format.dateTime(ticket.join_closes_at ?? event.starts_at),
                          })
                        : t('detail.sales.saleWindow', {
                            from: opens,
                            until: format.dateTime(ticket.join_closes_at ?? event.starts_at),
                          })}
                      <br />
                      {t('detail.sales.refundWindow', {
                        until: format.dateTime(ticket.refund_closes_at ?? event.starts_at),
                      })}
                    </span>
                  </th>
                  <td className={`${num} ${price}`}>
                    {ticket.price_ore === 0 ? t('detail.sales.free') : format.money(ticket.price_ore)}
                  </td>
                  <td className={num} data-testid={`sold-${ticket.id}`}>
                    {ticket.participant_limit === null
                      ? format.number(count)
                      : t('list.soldOf', {
                          sold: format.number(count),
                          capacity: format.number(ticket.participant_limit),
                        })}
                  </td>
                  <td className={num}>{format.money(revenue)}</td>
                </tr>
              ))}
              {perOption.length > 0 ? (
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={4}
                    className={`${cell} pt-4 text-left text-xs uppercase tracking-wide text-muted-foreground`}
                  >
                    {t('detail.sales.addons')}
                  </th>
                </tr>
              ) : null}
              {perOption.map(({ addon, option, count, revenue }) => (
                <tr key={option.id} className="border-b border-border">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {addon.name}: {option.title}
                    <span className="block whitespace-nowrap tabular-nums sm:hidden">
                      {format.money(option.price_ore)}
                    </span>
                  </th>
                  <td className={`${num} ${price}`}>{format.money(option.price_ore)}</td>
                  <td className={num}>
                    {option.capacity === null
                      ? format.number(count)
                      : t('list.soldOf', {
                          sold: format.number(count),
                          capacity: format.number(option.capacity),
                        })}
                  </td>
                  <td className={num}>{format.money(revenue)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className={`${cell} text-left`}>
                  {t('detail.sales.total')}
                </th>
                <td className={price} />
                <td />
                <td className={num} data-testid="sales-total">
                  {format.money(total)}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
