// The member's history: who changed what and when, CPR reveals with their reason, access
// changes, exports. Field names come from the profile labels; values are not repeated here.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useT } from '../../lib/i18n';
import { loadMemberHistory, type HistoryEntry } from './load-member';
import { memberKeys } from './member-keys';

const actions = [
  'created',
  'updated',
  'cpr_set',
  'cpr_cleared',
  'cpr_revealed',
  'access_changed',
  'exported',
  'erased',
  'merged',
] as const;

const fieldLabels = {
  first_name: 'profile.firstName',
  last_name: 'profile.lastName',
  email: 'profile.email',
  phone: 'profile.phone',
  gender: 'profile.gender',
  birth_date: 'profile.birthDate',
  street: 'profile.street',
  house_number: 'profile.houseNumber',
  floor: 'profile.floor',
  door: 'profile.door',
  postal_code: 'profile.postalCode',
  city: 'profile.city',
  membership_id: 'profile.membershipId',
  status: 'profile.status',
  roles: 'profile.roles',
  consent_note: 'profile.consentNote',
} as const;

export function MemberHistoryCard({ communityId, memberId }: { communityId: string; memberId: string }) {
  const t = useT(membersMessages);
  const format = useFormat();
  const history = useQuery({
    queryKey: memberKeys.history(communityId, memberId),
    queryFn: () => loadMemberHistory(memberId),
  });
  const describe = (entry: HistoryEntry) => {
    const action = actions.find((a) => a === entry.action) ?? 'updated';
    const fields = Object.keys(entry.changes)
      .map((f) => (f in fieldLabels ? t(fieldLabels[f as keyof typeof fieldLabels]) : f))
      .join(', ');
    return t(`detail.historyActions.${action}`, { fields });
  };
  return (
    <Card aria-labelledby="member-history">
      <CardHeader id="member-history" title={t('detail.history')} />
      <CardBody>
        {history.data === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.historyNone')}</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {history.data.map((entry) => (
              <li key={entry.id} className="border-l-2 border-border pl-3">
                <p>{describe(entry)}</p>
                {entry.reason ? (
                  <p className="text-muted-foreground">
                    {t('detail.historyReason', { reason: entry.reason })}
                  </p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  {format.dateTime(entry.at)}
                  {entry.actor_name ? ` · ${entry.actor_name}` : ''}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
