// The clubs list (/clubs) on the kit's DataTable: each club with its logo, contact and how many
// active members and open groups it has; search and sorting in the address; a row opens the
// club. Owners create a club in a dialog and land on its page.
import { clubsMessages } from '@club/i18n/namespaces/clubs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { logoUrl } from '../../lib/community-logo';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { ClubForm } from './club-form';
import { clubKeys, clubListSpec, loadAllClubs, loadClubList, loadIsOwner, type ClubRow } from './load-clubs';
import { createClub } from './save-clubs';

export function ClubLogo({ club, size = 'sm' }: { club: Pick<ClubRow, 'logo_path'>; size?: 'sm' | 'lg' }) {
  const box = size === 'sm' ? 'size-8' : 'size-16';
  return club.logo_path ? (
    <img src={logoUrl(club.logo_path)} alt="" className={`${box} shrink-0 rounded object-contain`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded bg-muted`}
    >
      <Building2 className="size-4 text-muted-foreground" />
    </span>
  );
}

function contactOf(club: ClubRow): string {
  return [club.contact_name, club.contact_email, club.contact_phone].filter(Boolean).join(' · ');
}

export function ClubListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(clubsMessages);
  const format = useFormat();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState(clubListSpec);
  const query = useQuery({
    queryKey: clubKeys.list(communityId, list.state),
    queryFn: () => loadClubList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const owner = useQuery({ queryKey: clubKeys.owner(communityId), queryFn: () => loadIsOwner(communityId) });
  const [creating, setCreating] = useState(false);
  const base = localePath(language, `${slug}/clubs`);
  const clubPath = (id: string) => `${base}/${id}`;

  const columns = useMemo<ListColumn<ClubRow>[]>(
    () => [
      {
        id: 'name',
        header: t('list.columns.name'),
        sortable: true,
        hideable: false,
        csv: (club) => club.name,
        cell: (club) => (
          <span className="inline-flex items-center gap-3 font-medium">
            <ClubLogo club={club} />
            <Link to={`${base}/${club.id}`} className="hover:underline" onClick={(e) => e.stopPropagation()}>
              {club.name}
            </Link>
          </span>
        ),
      },
      {
        id: 'contact',
        header: t('list.columns.contact'),
        csv: (club) => contactOf(club),
        cell: (club) =>
          contactOf(club) || <span className="text-muted-foreground">{t('list.noContact')}</span>,
      },
      {
        id: 'member_count',
        header: t('list.columns.members'),
        sortable: true,
        align: 'right',
        csv: (club) => club.member_count,
        cell: (club) => format.number(club.member_count),
      },
      {
        id: 'group_count',
        header: t('list.columns.groups'),
        sortable: true,
        align: 'right',
        csv: (club) => club.group_count,
        cell: (club) => format.number(club.group_count),
      },
    ],
    [t, format, base],
  );

  const newButton = owner.data ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {t('create.action')}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={newButton} />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(club) => club.id}
        rowName={(club) => club.name}
        onRowClick={(club) => void navigate(clubPath(club.id))}
        storageKey="clubs"
        card={(club) => (
          <Link to={clubPath(club.id)} className="flex items-center gap-3">
            <ClubLogo club={club} />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{club.name}</span>
              <span className="block text-sm text-muted-foreground">
                {t('detail.memberCount', { count: club.member_count })} ·{' '}
                {t('detail.groupCount', { count: club.group_count })}
              </span>
            </span>
          </Link>
        )}
        toolbar={
          <ListSearch
            value={list.state.search}
            onSearch={list.setSearch}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
          />
        }
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{
          icon: Building2,
          title: t('list.emptyTitle'),
          body: owner.data ? t('list.emptyBody') : t('list.emptyBodyNotOwner'),
          action: newButton,
        }}
        exportCsv={{ filename: 'clubs', load: () => loadAllClubs(list.state, communityId) }}
        pageSizes={clubListSpec.pageSizes}
      />
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('create.title')}
        description={t('create.description')}
      >
        <ClubForm
          communityId={communityId}
          submitLabel={t('create.save')}
          onSave={async (values) => {
            const id = await createClub(communityId, values);
            toast({ title: t('create.done', { name: values.name }) });
            await queryClient.invalidateQueries({ queryKey: clubKeys.all(communityId) });
            setCreating(false);
            await navigate(clubPath(id));
          }}
        />
      </Dialog>
    </>
  );
}
