// The members of a group on the kit's DataTable: name, role (changeable), joined date, fee
// status, the welcome e-mail (send again), and remove with a confirmation naming the member,
// the group and the consequence.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { groupKeys } from './group-keys';
import { groupRoles, type GroupRecord, type GroupRole, type RosterRow } from './group-records';
import { loadAllRoster, loadRoster, rosterSpec } from './load-group';
import { removeGroupMember, setGroupMemberRole } from './save-group';
import { useWelcomeEmail } from './use-welcome-email';

const selectClass =
  'h-8 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function GroupRosterSection({
  group,
  communityId,
  timeZone,
}: {
  group: GroupRecord;
  communityId: string;
  timeZone?: string;
}) {
  const t = useT(groupsMessages);
  const format = useFormat(timeZone);
  const queryClient = useQueryClient();
  const list = useListState(rosterSpec);
  const sendWelcome = useWelcomeEmail(communityId, group.id);
  const [removing, setRemoving] = useState<RosterRow | null>(null);
  const query = useQuery({
    queryKey: groupKeys.roster(communityId, group.id, list.state),
    queryFn: () => loadRoster(group.id, list.state),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
  const fail = (error: unknown) => toast({ title: t(describeGroupError(error)), variant: 'destructive' });

  const columns = useMemo<ListColumn<RosterRow>[]>(
    () => [
      {
        id: 'full_name',
        header: t('members.name'),
        sortable: true,
        hideable: false,
        csv: (r) => r.full_name,
        cell: (r) => (
          <span className="min-w-0">
            <span className="block font-medium">{r.full_name}</span>
            <span className="block text-xs text-muted-foreground">{r.email ?? ''}</span>
          </span>
        ),
      },
      {
        id: 'role',
        header: t('members.role'),
        sortable: true,
        csv: (r) => t(`role.${r.role as GroupRole}`),
        cell: (r) => (
          <select
            aria-label={t('members.changeRole', { name: r.full_name })}
            className={selectClass}
            value={r.role}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => {
              const role = e.target.value as GroupRole;
              void setGroupMemberRole(r.id, role)
                .then(async () => {
                  toast({ title: t('members.roleChanged', { name: r.full_name, role: t(`role.${role}`) }) });
                  await refresh();
                })
                .catch(fail);
            }}
          >
            {groupRoles.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </select>
        ),
      },
      {
        id: 'joined_at',
        header: t('members.joined'),
        sortable: true,
        csv: (r) => format.date(r.joined_at),
        cell: (r) => <span className="whitespace-nowrap">{format.date(r.joined_at)}</span>,
      },
      {
        id: 'payment_status',
        header: t('members.fee'),
        csv: (r) => t(`feeStatus.${r.payment_status as 'not_required' | 'pending' | 'paid'}`),
        cell: (r) => (
          <span className="space-y-0.5">
            <Badge>{t(`feeStatus.${r.payment_status as 'not_required' | 'pending' | 'paid'}`)}</Badge>
            {r.last_charged_period ? (
              <span className="block text-xs text-muted-foreground">
                {t('feeStatus.lastCharged', { period: format.date(`${r.last_charged_period}T12:00:00Z`) })}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'welcome_sent_at',
        header: t('members.welcome'),
        csv: (r) => (r.welcome_sent_at ? format.date(r.welcome_sent_at) : ''),
        cell: (r) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">
              {r.welcome_sent_at
                ? t('members.welcomeSent', { date: format.date(r.welcome_sent_at) })
                : t('members.welcomeNotSent')}
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${r.welcome_sent_at ? t('members.resendWelcome') : t('members.sendWelcome')}: ${r.full_name}`}
              onClick={(e) => {
                e.stopPropagation();
                void sendWelcome(r.member_id);
              }}
            >
              {r.welcome_sent_at ? t('members.resendWelcome') : t('members.sendWelcome')}
            </Button>
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        hideable: false,
        cell: (r) => (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${t('members.remove')}: ${r.full_name}`}
            onClick={(e) => {
              e.stopPropagation();
              setRemoving(r);
            }}
          >
            {t('members.remove')}
          </Button>
        ),
      },
    ],
    [t, format, sendWelcome],
  );

  return (
    <section aria-labelledby="group-members-title" className="space-y-3">
      <h2 id="group-members-title" className="text-lg font-semibold">
        {t('members.title')}
      </h2>
      <DataTable
        caption={t('members.title')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(r) => r.id}
        rowName={(r) => r.full_name}
        card={(r) => (
          <div className="rounded-md border border-border bg-surface p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{r.full_name}</span>
              <Badge>{t(`role.${r.role as GroupRole}`)}</Badge>
            </div>
            <div className="mt-1 text-muted-foreground">
              {format.date(r.joined_at)} ·{' '}
              {t(`feeStatus.${r.payment_status as 'not_required' | 'pending' | 'paid'}`)}
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => void sendWelcome(r.member_id)}>
                {r.welcome_sent_at ? t('members.resendWelcome') : t('members.sendWelcome')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRemoving(r)}>
                {t('members.remove')}
              </Button>
            </div>
          </div>
        )}
        toolbar={
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <ListSearch value={list.state.search} onSearch={list.setSearch} label={t('members.search')} />
            <ListSelectFilter
              list={list}
              filter="role"
              label={t('members.role')}
              allLabel={t('members.role')}
              options={groupRoles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            />
          </div>
        }
        countLabel={(total) => t('members.count', { count: format.number(total) })}
        empty={{ icon: Users, title: t('members.title'), body: t('members.empty') }}
        exportCsv={{
          filename: `${group.title}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllRoster(group.id, list.state),
        }}
        storageKey="group-members"
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('members.removeTitle', { name: removing?.full_name ?? '', group: group.title })}
        description={t('members.removeBody', { name: removing?.full_name ?? '' })}
        confirmLabel={t('members.remove')}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removeGroupMember(group.id, removing.member_id);
          } catch (error) {
            fail(error);
            throw error;
          }
          toast({ title: t('members.removed', { name: removing.full_name, group: group.title }) });
          setRemoving(null);
          await refresh();
        }}
      />
    </section>
  );
}
