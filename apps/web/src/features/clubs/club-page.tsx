// One club (/clubs/:id): its details (owners edit them, everyone else reads), its members as a
// paged, searchable list with a search to move more members here and a confirmed "take out of
// the club", and its groups with a choice of the community's other groups to move here.
// Moving uses move_to_club with the member or group area's rights; without them the card says
// which area is needed. A malformed id or another community's club is a 404.
import { clubsMessages } from '@club/i18n/namespaces/clubs';
import { commonMessages } from '@club/i18n/namespaces/common';
import type { MembershipClaim } from '@club/schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserMinus, UserPlus, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NotFoundView } from '../../components/ui/error-view';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import { ClubForm } from './club-form';
import { ClubLogo } from './club-list-page';
import {
  clubKeys,
  clubMemberSpec,
  findMemberCandidates,
  loadAllClubMembers,
  loadClub,
  loadClubGroups,
  loadClubMembers,
  loadIsOwner,
  type ClubMemberRow,
  type ClubRow,
} from './load-clubs';
import { deleteClub, moveToClub, updateClub } from './save-clubs';

type ClubsT = ReturnType<typeof useT<NonNullable<(typeof clubsMessages)['tree']>>>;

function describeClubError(error: unknown, t: ClubsT): string {
  const message = (error as { message?: string }).message ?? '';
  if (message === 'club_not_in_community') return t('errors.notInCommunity');
  if (message === 'club_not_found') return t('errors.notFound');
  if (message === 'not_allowed') return t('errors.notAllowed');
  return t('errors.failed', { reason: message });
}

const fullName = (m: Pick<ClubMemberRow, 'first_name' | 'last_name'>) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ');

export function ClubPage({
  communityId,
  slug,
  clubId,
  membership,
}: {
  communityId: string;
  slug: string;
  clubId: string;
  membership: MembershipClaim;
}) {
  const t = useT(clubsMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const club = useQuery({
    queryKey: clubKeys.detail(communityId, clubId),
    queryFn: () => loadClub(communityId, clubId),
  });
  const owner = useQuery({ queryKey: clubKeys.owner(communityId), queryFn: () => loadIsOwner(communityId) });
  const language = useLanguage();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (club.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (club.isError)
    return (
      <Alert kind="error" title={t('errors.loadFailed')}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void club.refetch()}>
          {tc('actions.retry')}
        </Button>
      </Alert>
    );
  if (!club.data || owner.isPending)
    return (
      <div aria-busy="true" aria-label={tc('loading')} className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  const c = club.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: clubKeys.all(communityId) });
  return (
    <>
      <PageHeader
        breadcrumbs={
          <Breadcrumbs slug={slug} links={[{ label: t('breadcrumb'), path: 'clubs' }]} current={c.name} />
        }
        title={
          <span className="inline-flex items-center gap-3">
            <ClubLogo club={c} size="lg" />
            {c.name}
          </span>
        }
        documentTitle={c.name}
        description={`${t('detail.memberCount', { count: c.member_count })} · ${t('detail.groupCount', { count: c.group_count })}`}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card aria-labelledby="club-details">
          <CardHeader
            id="club-details"
            title={t('detail.details')}
            description={owner.data ? undefined : t('detail.detailsHelp')}
          />
          <CardBody>
            <ClubForm
              key={c.id}
              communityId={communityId}
              club={c}
              readOnly={!owner.data}
              submitLabel={tc('actions.save')}
              onSave={async (values) => {
                await updateClub(c.id, values);
                toast({ title: t('detail.saved', { name: values.name }) });
                await refresh();
              }}
            />
            {owner.data ? (
              <div className="mt-6 border-t border-border pt-4">
                <Button variant="destructive" size="sm" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" />
                  {t('detail.delete')}
                </Button>
              </div>
            ) : null}
          </CardBody>
        </Card>
        <div className="space-y-6">
          <ClubMembersCard
            communityId={communityId}
            club={c}
            allowed={membership.areas.includes('member')}
            onChanged={refresh}
          />
          <ClubGroupsCard
            communityId={communityId}
            club={c}
            allowed={membership.areas.includes('group')}
            onChanged={refresh}
          />
        </div>
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirmDelete(false)}
          title={t('detail.deleteTitle', { name: c.name })}
          description={t('detail.deleteBody', {
            members: t('detail.memberCount', { count: c.member_count }),
            groups: t('detail.groupCount', { count: c.group_count }),
          })}
          confirmLabel={t('detail.deleteConfirm')}
          onConfirm={async () => {
            let moved: { members: number; groups: number };
            try {
              moved = await deleteClub(c.id);
            } catch (error) {
              toast({ title: describeClubError(error, t), variant: 'destructive' });
              throw error;
            }
            toast({
              title: t('detail.deleted', {
                name: c.name,
                members: t('detail.memberCount', { count: moved.members }),
                groups: t('detail.groupCount', { count: moved.groups }),
              }),
            });
            queryClient.removeQueries({ queryKey: clubKeys.detail(communityId, c.id) });
            await refresh();
            await navigate(localePath(language, `${slug}/clubs`));
          }}
        />
      ) : null}
    </>
  );
}

function ClubMembersCard({
  communityId,
  club,
  allowed,
  onChanged,
}: {
  communityId: string;
  club: ClubRow;
  allowed: boolean;
  onChanged: () => Promise<void>;
}) {
  const t = useT(clubsMessages);
  const list = useListState(clubMemberSpec);
  const query = useQuery({
    queryKey: clubKeys.members(communityId, club.id, list.state),
    queryFn: () => loadClubMembers(list.state, club.id),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const [removing, setRemoving] = useState<ClubMemberRow>();
  const columns = useMemo<ListColumn<ClubMemberRow>[]>(
    () => [
      {
        id: 'last_name',
        header: t('detail.memberName'),
        sortable: true,
        hideable: false,
        csv: (m) => fullName(m),
        cell: (m) => <span className="font-medium">{fullName(m)}</span>,
      },
      {
        id: 'status',
        header: t('detail.memberStatus'),
        csv: (m) => t(`status.${m.status}`),
        cell: (m) => (
          <Badge tone={m.status === 'active' ? 'success' : 'neutral'}>{t(`status.${m.status}`)}</Badge>
        ),
      },
      {
        id: 'actions',
        header: '',
        align: 'right',
        hideable: false,
        cell: (m) => (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('detail.removeMember', { name: fullName(m) })}
            onClick={() => setRemoving(m)}
          >
            <UserMinus aria-hidden="true" />
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <Card aria-labelledby="club-members">
      <CardHeader id="club-members" title={t('detail.members')} description={t('detail.membersHelp')} />
      <CardBody className="space-y-4">
        {!allowed ? (
          <Alert kind="info">{t('detail.membersNotAllowed')}</Alert>
        ) : (
          <>
            <MemberMover communityId={communityId} club={club} onMoved={onChanged} />
            <DataTable
              caption={t('detail.members')}
              list={list}
              query={query}
              columns={columns}
              getRowId={(m) => m.id}
              rowName={fullName}
              storageKey="club-members"
              toolbar={
                <ListSearch
                  value={list.state.search}
                  onSearch={list.setSearch}
                  label={t('detail.searchMembers')}
                  placeholder={t('detail.searchMembers')}
                />
              }
              countLabel={(total) => t('detail.memberCount', { count: total })}
              empty={{ icon: Users, title: t('detail.memberClubNone') }}
              exportCsv={{ filename: 'club-members', load: () => loadAllClubMembers(list.state, club.id) }}
              pageSizes={clubMemberSpec.pageSizes}
            />
          </>
        )}
      </CardBody>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(undefined)}
          title={t('detail.removeMemberTitle', { name: fullName(removing), club: club.name })}
          description={t('detail.removeMemberBody', { name: fullName(removing) })}
          confirmLabel={t('detail.removeConfirm')}
          onConfirm={async () => {
            try {
              await moveToClub(null, { members: [removing.id] });
            } catch (error) {
              toast({ title: describeClubError(error, t), variant: 'destructive' });
              throw error;
            }
            toast({ title: t('detail.movedOut', { name: fullName(removing), club: club.name }) });
            await onChanged();
          }}
        />
      ) : null}
    </Card>
  );
}

function MemberMover({
  communityId,
  club,
  onMoved,
}: {
  communityId: string;
  club: ClubRow;
  onMoved: () => Promise<void>;
}) {
  const t = useT(clubsMessages);
  const id = useId();
  const [text, setText] = useState('');
  const search = text.trim();
  const candidates = useQuery({
    queryKey: clubKeys.candidates(communityId, search),
    queryFn: () => findMemberCandidates(communityId, search),
    enabled: search.length >= 2,
  });
  const [busy, setBusy] = useState<string>();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('detail.findMember')}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={t('detail.findMemberPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      {search.length >= 2 && candidates.data ? (
        candidates.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noMatches', { query: search })}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {candidates.data.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{fullName(m)}</span>
                  <span className="block truncate text-muted-foreground">
                    {[m.email, m.club_id && m.club_id !== club.id ? t('detail.inOtherClub') : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                {m.club_id === club.id ? (
                  <Badge tone="accent">{club.name}</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy === m.id}
                    aria-label={t('detail.moveMember', { name: fullName(m) })}
                    onClick={async () => {
                      setBusy(m.id);
                      try {
                        await moveToClub(club.id, { members: [m.id] });
                        toast({ title: t('detail.movedIn', { name: fullName(m), club: club.name }) });
                        await onMoved();
                      } catch (error) {
                        toast({ title: describeClubError(error, t), variant: 'destructive' });
                      } finally {
                        setBusy(undefined);
                      }
                    }}
                  >
                    <UserPlus aria-hidden="true" />
                    <span className="hidden sm:inline">
                      {t('detail.moveMember', { name: m.first_name ?? '' })}
                    </span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function ClubGroupsCard({
  communityId,
  club,
  allowed,
  onChanged,
}: {
  communityId: string;
  club: ClubRow;
  allowed: boolean;
  onChanged: () => Promise<void>;
}) {
  const t = useT(clubsMessages);
  const selectId = useId();
  const groups = useQuery({
    queryKey: clubKeys.groups(communityId, club.id),
    queryFn: () => loadClubGroups(communityId),
  });
  const [choice, setChoice] = useState('');
  const [removing, setRemoving] = useState<{ id: string; title: string }>();
  const mine = (groups.data ?? []).filter((g) => g.club_id === club.id);
  const others = (groups.data ?? []).filter((g) => g.club_id !== club.id);
  const move = async (clubId: string | null, group: { id: string; title: string }) => {
    try {
      await moveToClub(clubId, { groups: [group.id] });
    } catch (error) {
      toast({ title: describeClubError(error, t), variant: 'destructive' });
      throw error;
    }
    toast({
      title: t(clubId ? 'detail.movedIn' : 'detail.movedOut', { name: group.title, club: club.name }),
    });
    await onChanged();
  };
  return (
    <Card aria-labelledby="club-groups">
      <CardHeader id="club-groups" title={t('detail.groups')} description={t('detail.groupsHelp')} />
      <CardBody className="space-y-4">
        {groups.isPending ? (
          <Skeleton className="h-16" />
        ) : mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.groupNone')}</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {mine.map((g) => (
              <li key={g.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium">{g.title}</span>
                {allowed ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('detail.removeGroup', { name: g.title })}
                    onClick={() => setRemoving(g)}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {!allowed ? (
          <p className="text-sm text-muted-foreground">{t('detail.groupsNotAllowed')}</p>
        ) : others.length > 0 ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const group = others.find((g) => g.id === choice);
              if (group)
                void move(club.id, group).then(
                  () => setChoice(''),
                  () => undefined,
                );
            }}
          >
            <div className="min-w-48 flex-1 space-y-1">
              <label htmlFor={selectId} className="text-sm font-medium">
                {t('detail.moveGroup')}
              </label>
              <select
                id={selectId}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm text-foreground"
              >
                <option value="">{t('detail.moveGroupChoose')}</option>
                {others.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.title}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" disabled={!choice}>
              {t('detail.moveGroupAction')}
            </Button>
          </form>
        ) : null}
      </CardBody>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(undefined)}
          title={t('detail.removeGroupTitle', { name: removing.title, club: club.name })}
          description={t('detail.removeGroupBody')}
          confirmLabel={t('detail.removeConfirm')}
          onConfirm={() => move(null, removing)}
        />
      ) : null}
    </Card>
  );
}
