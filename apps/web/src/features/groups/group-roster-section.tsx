// The members of a group on the kit's DataTable: name, role (changeable), joined date, fee
// status, the welcome e-mail (send again), and remove with a confirmation naming the member,
// the group and the consequence.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
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
import { removeGroupMember, setGroupMemberFeeExempt, setGroupMemberRole } from './save-group';
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

  const changeRole = (r: RosterRow, role: GroupRole) =>
    void setGroupMemberRole(r.id, role)
      .then(async () => {
        toast({ title: t('members.roleChanged', { name: r.full_name, role: t(`role.${role}`) }) });
        await refresh();
      })
      .catch(fail);
  const roleSelect = (r: RosterRow) => (
    <select
      aria-label={t('members.changeRole', { name: r.full_name })}
      className={selectClass}
      value={r.role}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => changeRole(r, e.target.value as GroupRole)}
    >
      {groupRoles.map((role) => (
        <option key={role} value={role}>
          {t(`role.${role}`)}
        </option>
      ))}
    </select>
  );
  const welcomeLabel = (r: RosterRow) =>
    `${r.welcome_sent_at ? t('members.resendWelcome') : t('members.sendWelcome')}: ${r.full_name}`;

  const feeText = (r: RosterRow) =>
    t(`feeStatus.${r.payment_status as 'not_required' | 'pending' | 'paid' | 'exempt'}`);
  const toggleExempt = (r: RosterRow) => {
    const exempt = r.payment_status !== 'exempt';
    void setGroupMemberFeeExempt(r.id, exempt)
      .then(async () => {
        toast({ title: t(exempt ? 'members.exemptDone' : 'members.chargeDone', { name: r.full_name }) });
        await refresh();
      })
      .catch(fail);
  };
  const exemptButton = (r: RosterRow) =>
    group.price_ore > 0 && r.role === 'member' ? (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${t(r.payment_status === 'exempt' ? 'members.charge' : 'members.exempt')}: ${r.full_name}`}
        onClick={(e) => {
          e.stopPropagation();
          toggleExempt(r);
        }}
      >
        {t(r.payment_status === 'exempt' ? 'members.charge' : 'members.exempt')}
      </Button>
    ) : null;
  const welcomeText = (r: RosterRow) =>
    r.welcome_sent_at
      ? t('members.welcomeSent', { date: format.date(r.welcome_sent_at) })
      : t('members.welcomeNotSent');
  const welcomeButton = (r: RosterRow, variant: 'ghost' | 'secondary') => (
    <Button
      size="sm"
      variant={variant}
      aria-label={welcomeLabel(r)}
      onClick={(e) => {
        e.stopPropagation();
        void sendWelcome(r.member_id);
      }}
    >
      <Mail aria-hidden="true" />
      {r.welcome_sent_at ? t('members.resendWelcome') : t('members.sendWelcome')}
    </Button>
  );
  const removeButton = (r: RosterRow) => (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`${t('members.remove')}: ${r.full_name}`}
      title={t('members.remove')}
      onClick={(e) => {
        e.stopPropagation();
        setRemoving(r);
      }}
    >
      <UserMinus aria-hidden="true" />
    </Button>
  );

  // Six columns fit a wide desktop's full-width table; below that the rows are cards
  // (cardsBelow="xl"), so the table never scrolls sideways.
  const columns: ListColumn<RosterRow>[] = [
    {
      id: 'full_name',
      header: t('members.name'),
      sortable: true,
      hideable: false,
      csv: (r) => r.full_name,
      cell: (r) => (
        <span className="block min-w-0 max-w-64">
          <span className="block truncate font-medium">{r.full_name}</span>
          <span className="block truncate text-xs text-muted-foreground" title={r.email ?? undefined}>
            {r.email ?? ''}
          </span>
        </span>
      ),
    },
    {
      id: 'role',
      header: t('members.role'),
      sortable: true,
      csv: (r) => t(`role.${r.role as GroupRole}`),
      cell: (r) => roleSelect(r),
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
      csv: feeText,
      cell: (r) => (
        <span className="block space-y-0.5">
          <Badge className="whitespace-nowrap">{feeText(r)}</Badge>
          {r.last_charged_period ? (
            <span className="block text-xs text-muted-foreground">
              {t('feeStatus.lastCharged', { period: format.date(`${r.last_charged_period}T12:00:00Z`) })}
            </span>
          ) : null}
          {exemptButton(r)}
        </span>
      ),
    },
    {
      id: 'welcome_sent_at',
      header: t('members.welcome'),
      csv: (r) => (r.welcome_sent_at ? format.date(r.welcome_sent_at) : ''),
      cell: (r) => (
        <span className="block">
          <span className="block whitespace-nowrap text-xs text-muted-foreground">{welcomeText(r)}</span>
          {welcomeButton(r, 'ghost')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: '',
      hideable: false,
      cell: removeButton,
    },
  ];

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
        cardsBelow="xl"
        card={(r) => (
          <div className="space-y-2 rounded-md border border-border bg-surface p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0">
                <span className="block truncate font-medium">{r.full_name}</span>
                <span className="block truncate text-xs text-muted-foreground">{r.email ?? ''}</span>
              </span>
              {removeButton(r)}
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-muted-foreground">
              <dt>{t('members.role')}</dt>
              <dd>{roleSelect(r)}</dd>
              <dt>{t('members.joined')}</dt>
              <dd className="text-foreground">{format.date(r.joined_at)}</dd>
              <dt>{t('members.fee')}</dt>
              <dd>
                <Badge>{feeText(r)}</Badge>
                {exemptButton(r)}
              </dd>
              <dt>{t('members.welcome')}</dt>
              <dd className="text-foreground">{welcomeText(r)}</dd>
            </dl>
            {welcomeButton(r, 'secondary')}
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
        countLabel={(total) => (total === 1 ? t('members.countOne') : t('members.count', { count: total }))}
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
