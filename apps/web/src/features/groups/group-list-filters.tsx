// The list's tab (active/archived), search box and filters (visibility, tag, paid or free,
// owner). Every value lives in the address through the kit's list state.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import type { ListController } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { groupKeys } from './group-keys';
import { groupVisibilities } from './group-records';
import { loadCommunityTags, loadGroupOwners, type GroupListFilter } from './load-group-list';

export function GroupListFilters({
  list,
  communityId,
}: {
  list: ListController<GroupListFilter>;
  communityId: string;
}) {
  const t = useT(groupsMessages);
  const tags = useQuery({
    queryKey: groupKeys.tags(communityId),
    queryFn: () => loadCommunityTags(communityId),
  });
  const owners = useQuery({
    queryKey: groupKeys.owners(communityId),
    queryFn: () => loadGroupOwners(communityId),
  });
  const which = list.state.filters.which === 'archived' ? 'archived' : 'active';
  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label={t('list.which')}
          className="inline-flex rounded-md border border-input bg-surface p-0.5"
        >
          {(['active', 'archived'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={value === which}
              onClick={() => list.setFilters({ which: value === 'archived' ? 'archived' : '' })}
              className={
                value === which
                  ? 'rounded px-3 py-1.5 text-sm font-medium bg-accent text-accent-foreground'
                  : 'rounded px-3 py-1.5 text-sm text-foreground hover:bg-muted'
              }
            >
              {t(`list.${value}`)}
            </button>
          ))}
        </div>
        <ListSearch
          value={list.state.search}
          onSearch={list.setSearch}
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ListSelectFilter
          list={list}
          filter="visibility"
          label={t('list.columns.visibility')}
          allLabel={t('list.allVisibilities')}
          options={groupVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
        />
        <ListSelectFilter
          list={list}
          filter="tag"
          label={t('list.tag')}
          allLabel={t('list.allTags')}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        />
        <ListSelectFilter
          list={list}
          filter="price"
          label={t('list.price')}
          allLabel={t('list.allPrices')}
          options={[
            { value: 'paid', label: t('list.paid') },
            { value: 'free', label: t('list.free') },
          ]}
        />
        <ListSelectFilter
          list={list}
          filter="owner"
          label={t('list.owner')}
          allLabel={t('list.allOwners')}
          options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.full_name }))}
        />
        {list.narrowed ? (
          <Button variant="ghost" size="sm" onClick={list.clear}>
            <X aria-hidden="true" />
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
