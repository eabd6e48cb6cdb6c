// One of my tickets: event, when and where, what it includes, its QR code for the door (kept
// for offline use), and cancelling it within the refund window with the consequence stated.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useCancelMyTicket } from '../../lib/queries/events/cancel-my-ticket';
import type { MyTicket } from '../../lib/queries/events/load-my-tickets';
import { useFormat, useT } from '../../lib/i18n';
import { TicketCode } from './ticket-code';

export function MyTicketCard({
  communityId,
  ticket,
  timeZone,
}: {
  communityId: string;
  ticket: MyTicket;
  timeZone: string | undefined;
}) {
  const t = useT(memberEventsMessages);
  const format = useFormat(timeZone);
  const cancel = useCancelMyTicket(communityId);
  const [showCode, setShowCode] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const refundCloses = ticket.refundClosesAt ?? ticket.startsAt;
  const mayCancel = ticket.eventCancelled || Date.parse(refundCloses) >= Date.now();
  const label = t('codeAlt', { ticket: ticket.ticketName, event: ticket.eventTitle });
  return (
    <article
      aria-labelledby={`ticket-${ticket.id}`}
      data-ticket-id={ticket.id}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="min-w-0">
        <h3 id={`ticket-${ticket.id}`} className="font-semibold">
          {ticket.eventTitle}
        </h3>
        <p className="text-sm text-muted-foreground">
          {format.dateTime(ticket.startsAt)}
          {ticket.location ? ` · ${ticket.location}` : ''}
        </p>
        <p className="text-sm">
          {t('ticketCount', { count: ticket.quantity })} · {ticket.ticketName}
          {ticket.totalOre > 0 ? ` · ${format.money(ticket.totalOre, ticket.currency)}` : ''}
        </p>
        {ticket.addOns.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {ticket.addOns.map((a) => `${a.quantity} × ${a.title}`).join(', ')}
          </p>
        ) : null}
        {ticket.awaitingPayment ? (
          <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">{t('awaitingPayment')}</p>
        ) : null}
        {ticket.checkedInAt ? (
          <p className="mt-1 text-sm text-green-700 dark:text-green-400">
            {t('checkedIn', { date: format.dateTime(ticket.checkedInAt) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {ticket.code && !ticket.awaitingPayment ? (
          <Button size="sm" onClick={() => setShowCode(true)}>
            <QrCode aria-hidden="true" />
            {t('showCode')}
          </Button>
        ) : null}
        {mayCancel ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => setConfirmCancel(true)}
          >
            {t('cancel')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('cancelClosed', { date: format.date(refundCloses, 'medium') })}
          </p>
        )}
      </div>
      {ticket.code ? (
        <Dialog
          open={showCode}
          onOpenChange={setShowCode}
          title={ticket.eventTitle}
          description={t('codeOffline')}
        >
          <div className="flex flex-col items-center gap-2">
            <TicketCode code={ticket.code} label={label} size={260} />
            <p className="text-sm">
              {t('ticketCount', { count: ticket.quantity })} · {ticket.ticketName}
            </p>
          </div>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t('cancelTitle', { event: ticket.eventTitle })}
        description={
          ticket.paidOnline
            ? t('cancelPaid', { amount: format.money(ticket.totalOre, ticket.currency) })
            : t('cancelFree')
        }
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('keep')}
        destructive
        onConfirm={() =>
          cancel.mutateAsync({ id: ticket.id, paidOnline: ticket.paidOnline }).then(() => undefined)
        }
      />
    </article>
  );
}
