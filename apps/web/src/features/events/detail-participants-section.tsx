// Participants with their tickets and add-ons, and check-in at the door (or its undoing).
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Undo2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { describeEventError } from './describe-event-error';
import type { ParticipantRecord } from './event-records';
import { eventKeys } from './use-event-community';

export function DetailParticipantsSection({
  participants,
  format,
  communityId,
  eventId,
}: {
  participants: ParticipantRecord[];
  format: Formatters;
  communityId: string;
  eventId: string;
}) {
  const t = useT(eventsMessages);
  const queryClient = useQueryClient();
  const active = participants.filter((p) => p.status === 'active');
  const checked = active.filter((p) => p.checked_in_at).length;
  const setCheckIn = async (p: ParticipantRecord, on: boolean) => {
    const { error } = await supabase()
      .from('ticket_purchases')
      .update({ checked_in_at: on ? new Date().toISOString() : null })
      .eq('id', p.id);
    if (error) toast({ variant: 'destructive', title: t(describeEventError(error)) });
    await queryClient.invalidateQueries({ queryKey: eventKeys.participants(communityId, eventId) });
  };
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
                    <div className="font-medium">{p.member_name}</div>
                    {p.member_email ? (
                      <div className="text-xs text-muted-foreground">{p.member_email}</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{p.ticket_name}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.quantity}</td>
                  <td className="px-3 py-2">
                    {p.addons.map((a) => `${a.quantity} × ${a.addon}: ${a.title}`).join(', ')}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{format.money(Number(p.total_ore))}</td>
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
                          aria-label={t('detail.participants.undoCheckIn', { name: p.member_name })}
                          onClick={() => void setCheckIn(p, false)}
                        >
                          <Undo2 aria-hidden="true" />
                        </Button>
                      </span>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('detail.participants.checkInAction', { name: p.member_name })}
                        onClick={() => void setCheckIn(p, true)}
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
