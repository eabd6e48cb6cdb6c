// Pending join requests of an invite-only group or one whose joining needs approval: approve
// (the member joins and gets the welcome e-mail) or decline (with a confirmation).
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { groupKeys } from './group-keys';
import type { GroupRecord, JoinRequestRow } from './group-records';
import { loadJoinRequests } from './load-group';
import { decideJoinRequest } from './save-group';
import { useWelcomeEmail } from './use-welcome-email';

export function GroupRequestsSection({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const sendWelcome = useWelcomeEmail(communityId, group.id);
  const [declining, setDeclining] = useState<JoinRequestRow | null>(null);
  const requests = useQuery({
    queryKey: groupKeys.requests(communityId, group.id),
    queryFn: () => loadJoinRequests(group.id),
  });
  if (group.visibility !== 'invite_only' && !group.requires_approval && !requests.data?.length) return null;
  const decide = async (request: JoinRequestRow, approve: boolean) => {
    try {
      await decideJoinRequest(request.id, approve);
    } catch (error) {
      toast({ title: t(describeGroupError(error)), variant: 'destructive' });
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
    if (approve) await sendWelcome(request.member_id, t('requests.approved', { name: request.full_name }));
    else toast({ title: t('requests.declined', { name: request.full_name }) });
  };
  return (
    <Card aria-labelledby="group-requests-title">
      <CardHeader id="group-requests-title" title={t('requests.title')} />
      <CardBody>
        {!requests.data?.length ? (
          <p className="text-sm text-muted-foreground">{t('requests.empty')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {requests.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium">{r.full_name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t('requests.asked', { date: format.date(r.created_at) })}
                    {r.message ? ` · “${r.message}”` : ''}
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    aria-label={`${t('requests.approve')}: ${r.full_name}`}
                    onClick={() => void decide(r, true).catch(() => undefined)}
                  >
                    {t('requests.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${t('requests.decline')}: ${r.full_name}`}
                    onClick={() => setDeclining(r)}
                  >
                    {t('requests.decline')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => (open ? undefined : setDeclining(null))}
        title={t('requests.declineTitle', { name: declining?.full_name ?? '' })}
        description={t('requests.declineBody', { name: declining?.full_name ?? '', group: group.title })}
        confirmLabel={t('requests.decline')}
        onConfirm={async () => {
          if (declining) await decide(declining, false);
          setDeclining(null);
        }}
      />
    </Card>
  );
}
