// Who is invited (members, groups, tags) and, for invited members, their answer: a member who
// holds an active ticket has said yes; the others have not answered yet.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import type { EventRecord, ParticipantRecord } from './event-records';
import { loadGroupsAndTags, loadMemberNames } from './load-invitees';

export function DetailInvitationsSection({
  event,
  participants,
}: {
  event: EventRecord;
  participants: ParticipantRecord[];
}) {
  const t = useT(eventsMessages);
  const memberIds = event.event_invitations.flatMap((i) => (i.member_id ? [i.member_id] : []));
  const names = useQuery({
    queryKey: ['member-names', memberIds],
    queryFn: () => loadMemberNames(memberIds),
    enabled: memberIds.length > 0,
  });
  const lists = useQuery({
    queryKey: ['event-invitees', event.community_id],
    queryFn: () => loadGroupsAndTags(event.community_id),
    enabled: event.event_invitations.some((i) => i.group_id || i.tag_id),
  });
  const going = new Set(participants.filter((p) => p.status === 'active').map((p) => p.member_id));
  const label = (kind: 'groups' | 'tags', id: string) =>
    lists.data?.[kind].find((x) => x.id === id)?.label ?? '…';
  return (
    <Card aria-labelledby="detail-invitations">
      <CardHeader id="detail-invitations" title={t('detail.invitations.title')} />
      <CardBody>
        {event.event_invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.invitations.none')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {event.event_invitations.map((i) => (
              <li key={i.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  <span className="text-muted-foreground">
                    {i.member_id
                      ? t('detail.invitations.member')
                      : i.group_id
                        ? t('detail.invitations.group')
                        : t('detail.invitations.tag')}
                    :{' '}
                  </span>
                  {i.member_id
                    ? (names.data?.get(i.member_id) ?? '…')
                    : i.group_id
                      ? label('groups', i.group_id)
                      : label('tags', i.tag_id!)}
                </span>
                {i.member_id ? (
                  going.has(i.member_id) ? (
                    <Badge tone="success">{t('detail.invitations.going')}</Badge>
                  ) : (
                    <Badge>{t('detail.invitations.noAnswer')}</Badge>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
