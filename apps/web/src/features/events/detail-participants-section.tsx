// Participants with their tickets and add-ons; check-in through the door's admission (or its
// undoing), so the list and the door scanner share one record; and adding a participant by hand.
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { Check, Undo2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { useCheckInParticipant } from './check-in-participant';
import { DetailAddParticipantDialog } from './detail-add-participant-dialog';
import type { EventRecord, ParticipantRecord } from './event-records';

/** The participant's name: the member's, or the guest's an administrator added. */
export function participantName(p: ParticipantRecord): string {
  return p.member_id ? p.member_name : (p.guest_name ?? '');
}

export function DetailParticipantsSection({
  event,
  participants,
  format,
  communityId,
}: {
  event: EventRecord;
  participants: ParticipantRecord[];
  format: Formatters;
  communityId: string;
}) {
  const t = useT(eventsMessages);
  const [adding, setAdding] = useState(false);
  const checkIn = useCheckInParticipant(communityId, event.id, format);
  const active = participants.filter((p) => p.status === 'active');
  const checked = active.filter((p) => p.checked_in_at).length;
  const setCheckIn = (p: ParticipantRecord, on: boolean) =>
    checkIn.mutate({ communityId, eventId: event.id, purchaseId: p.id, name: participantName(p), on });
  const canAdd = event.status !== 'cancelled' && event.tickets.length > 0;
  return (
    <Card aria-labelledby="detail-participants">
      <CardHeader
        id="detail-participants"
        title={t('detail.participants.title')}
        description={
          active.length > 0
            ? t('detail.participants.checkedInCount', { checked, total: active.length })
            : undefined
        }
      />
      <CardBody className="overflow-x-auto">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {event.tickets.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.participants.noTickets')}</p>
          ) : (
            <span />
          )}
          <Button variant="secondary" size="sm" disabled={!canAdd} onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            {t('detail.participants.add')}
          </Button>
        </div>
        {adding ? (
          <DetailAddParticipantDialog
            event={event}
            communityId={communityId}
            format={format}
            open
            onOpenChange={(o) => !o && setAdding(false)}
          />
        ) : null}
        {participants.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.participants.none')}</p>
        ) : (
          <table className="w-full text-sm" aria-labelledby="detail-participants">
            <thead className="border-b border-border text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('detail.participants.name')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('detail.participants.ticket')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('detail.participants.quantity')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('detail.participants.addons')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('detail.participants.paid')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('detail.participants.checkIn')}
                </th>
              </tr>
            </thead>
            <tbody>
              {participants.map((p) => (
                <tr key={p.id} className="border-b border-border last:border-0">
                  <td className="px-3 py-2">
                    <div className="font-medium">
                      {participantName(p)}{' '}
                      {p.member_id ? null : <Badge>{t('detail.participants.guest')}</Badge>}
                    </div>
                    {(p.member_email ?? p.guest_email) ? (
                      <div className="text-xs text-muted-foreground">{p.member_email ?? p.guest_email}</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{p.ticket_name}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.quantity}</td>
                  <td className="px-3 py-2">
                    {p.addons.map((a) => `${a.quantity} × ${a.addon}: ${a.title}`).join(', ')}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    <div>{format.money(Number(p.total_ore))}</div>
                    {p.payment ? (
                      <Badge
                        tone={p.payment === 'to_pay' ? 'accent' : 'neutral'}
                        className="whitespace-nowrap"
                        title={t('detail.participants.addedByAdmin')}
                      >
                        {t(
                          p.payment === 'to_pay'
                            ? 'detail.participants.toPay'
                            : 'detail.participants.complimentary',
                        )}
                      </Badge>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {p.status === 'cancelled' ? (
                      <Badge tone="danger">{t('detail.participants.cancelledTicket')}</Badge>
                    ) : p.checked_in_at ? (
                      <span className="inline-flex items-center gap-2">
                        <Badge tone="success" className="whitespace-nowrap">
                          {t('detail.participants.checkedIn', { time: format.time(p.checked_in_at) })}
                        </Badge>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={t('detail.participants.undoCheckIn', { name: participantName(p) })}
                          disabled={checkIn.isPending}
                          onClick={() => setCheckIn(p, false)}
                        >
                          <Undo2 aria-hidden="true" />
                        </Button>
                      </span>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('detail.participants.checkInAction', { name: participantName(p) })}
                        disabled={checkIn.isPending}
                        onClick={() => setCheckIn(p, true)}
                      >
                        <Check aria-hidden="true" />
                        {t('detail.participants.checkIn')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
