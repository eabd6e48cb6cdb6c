// Teams: the groups the member may see, with their price, what joining costs now (the club's
// mid-period rule, in words) and join / ask to join / leave.
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { PageHeader } from '../../components/ui/page-header';
import { useMyGroups } from '../../lib/queries/groups/load-my-groups';
import { useVisibleGroups } from '../../lib/queries/groups/load-visible-groups';
import { useT } from '../../lib/i18n';
import { GroupCard } from './group-card';
import { QueryState } from './query-state';

export function MemberGroupsPage({ communityId }: { communityId: string }) {
  const t = useT(memberGroupsMessages);
  const groups = useVisibleGroups(communityId);
  const mine = useMyGroups(communityId);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <QueryState query={groups} lines={4}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {rows.map((g) => (
                <li key={g.id}>
                  <GroupCard
                    communityId={communityId}
                    group={g}
                    member={mine.data?.memberships.some((m) => m.group_id === g.id) ?? false}
                    requested={mine.data?.requests.some((r) => r.group_id === g.id) ?? false}
                    ready={mine.data !== undefined}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}
