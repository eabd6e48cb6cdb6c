// The groups list (/groups, product.md §2) on the kit's DataTable: active or archived groups
// with search, filters (visibility, tag, paid or free, owner), member counts, price and
// frequency, owner, server-side sorting and paging in the address, CSV export, cards on
// phones, and "New group".
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { CreateGroupDialog } from './create-group-dialog';
import { groupKeys } from './group-keys';
import { GroupListFilters } from './group-list-filters';
import { useGroupPriceText } from './group-price-text';
import type { GroupSummary } from './group-records';
import { groupListSpec, loadAllGroups, loadGroupList, type GroupListFilter } from './load-group-list';

/** Active/archived is a tab, not a narrowing filter. */
const tabs: GroupListFilter[] = ['which'];

export function GroupListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(groupsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const format = useFormat();
  const priceText = useGroupPriceText();
  const list = useListState(groupListSpec, tabs);
  const { state } = list;
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    queryKey: groupKeys.list(communityId, state),
    queryFn: () => loadGroupList(state, communityId),
    placeholderData: keepPreviousData,
  });
  const detailPath = (id: string) => localePath(language, `${slug}/groups/${id}`);
  const columns = useMemo<ListColumn<GroupSummary>[]>(
    () => [
      {
        id: 'title',
        header: t('list.columns.title'),
        sortable: true,
        hideable: false,
        csv: (row) => row.title,
        cell: (row) => (
          <Link
            to={detailPath(row.id)}
            className="font-medium hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {row.title}
          </Link>
        ),
      },
      {
        id: 'visibility',
        header: t('list.columns.visibility'),
        csv: (row) => t(`visibility.${row.visibility}`),
        cell: (row) => <Badge>{t(`visibility.${row.visibility}`)}</Badge>,
      },
      {
        id: 'member_count',
        header: t('list.columns.members'),
        align: 'right',
        sortable: true,
        csv: (row) => row.member_count,
        cell: (row) => format.number(row.member_count),
      },
      {
        id: 'price_ore',
        header: t('list.columns.price'),
        sortable: true,
        csv: (row) => priceText(row),
        cell: (row) => <span className="whitespace-nowrap">{priceText(row)}</span>,
      },
      {
        id: 'owner_name',
        header: t('list.columns.owner'),
        sortable: true,
        csv: (row) => row.owner_name ?? '',
        cell: (row) => row.owner_name ?? <span className="text-muted-foreground">{t('list.noOwner')}</span>,
      },
      {
        id: 'pending_requests',
        header: t('list.columns.requests'),
        align: 'right',
        csv: (row) => row.pending_requests,
        cell: (row) => (row.pending_requests ? <Badge>{format.number(row.pending_requests)}</Badge> : '–'),
      },
    ],
    [t, format, language, slug, priceText],
  );
  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {t('newGroup')}
    </Button>
  );
  const archived = state.filters.which === 'archived';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={newButton} />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => row.title}
        onRowClick={(row) => void navigate(detailPath(row.id))}
        card={(row) => (
          <Link to={detailPath(row.id)} className="block rounded-md border border-border bg-surface p-3">
            <span className="font-medium">{row.title}</span>
            <span className="mt-1 flex flex-wrap gap-2 text-sm text-muted-foreground">
              <span>{t('members.count', { count: row.member_count })}</span>
              <span>{priceText(row)}</span>
              <span>{t(`visibility.${row.visibility}`)}</span>
            </span>
          </Link>
        )}
        toolbar={<GroupListFilters list={list} communityId={communityId} />}
        storageKey="groups"
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={
          archived
            ? { icon: UsersRound, title: t('list.archivedEmptyTitle'), body: t('list.archivedEmptyBody') }
            : { icon: UsersRound, title: t('list.emptyTitle'), body: t('list.emptyBody'), action: newButton }
        }
        exportCsv={{
          filename: `${t('list.caption').toLowerCase()}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllGroups(state, communityId),
        }}
      />
      <CreateGroupDialog communityId={communityId} slug={slug} open={creating} onOpenChange={setCreating} />
    </>
  );
}
