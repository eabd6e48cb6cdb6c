// The register's search box and filters (status, gender incl. other, tag, group, age band,
// joined date, arrears). Every value lives in the address through the kit's list state.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery } from '@tanstack/react-query';
import { DateRangeInput } from '../../components/date/date-input';
import { ListSearch } from '../../components/list/list-search';
import type { ListController } from '../../components/list/use-list-state';
import { useT } from '../../lib/i18n';
import {
  ageBands,
  loadCommunityGroups,
  loadCommunityTags,
  type MemberListFilter,
} from './load-member-register';
import { memberKeys } from './member-keys';

const selectClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function MemberListFilters({
  list,
  communityId,
}: {
  list: ListController<MemberListFilter>;
  communityId: string;
}) {
  const t = useT(membersMessages);
  const { filters } = list.state;
  const onChange = list.setFilters;
  const tags = useQuery({
    queryKey: memberKeys.tags(communityId),
    queryFn: () => loadCommunityTags(communityId),
  });
  const groups = useQuery({
    queryKey: memberKeys.groups(communityId),
    queryFn: () => loadCommunityGroups(communityId),
  });
  const select = (name: MemberListFilter, label: string, options: { value: string; label: string }[]) => (
    <select
      aria-label={label}
      className={selectClass}
      value={filters[name]}
      onChange={(e) => onChange({ [name]: e.target.value })}
    >
      <option value="">{`${label}: ${t('register.any')}`}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className="mb-4 space-y-3">
      <ListSearch
        value={list.state.search}
        onSearch={list.setSearch}
        label={t('register.searchPlaceholder')}
        placeholder={t('register.searchPlaceholder')}
      />
      <div className="flex flex-wrap items-center gap-2">
        {select(
          'status',
          t('register.filterStatus'),
          (['active', 'passive', 'left'] as const).map((s) => ({ value: s, label: t(`status.${s}`) })),
        )}
        {select(
          'gender',
          t('register.filterGender'),
          (['female', 'male', 'other'] as const).map((g) => ({ value: g, label: t(`gender.${g}`) })),
        )}
        {select(
          'tag',
          t('register.filterTag'),
          (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
        )}
        {select(
          'group',
          t('register.filterGroup'),
          (groups.data ?? []).map((g) => ({ value: g.id, label: g.title })),
        )}
        {select(
          'age',
          t('register.filterAge'),
          ageBands.map((band) => ({ value: band, label: t(`register.ageBands.${band}`) })),
        )}
        {select('arrears', t('register.filterArrears'), [
          { value: 'yes', label: t('register.inArrears') },
          { value: 'no', label: t('register.notInArrears') },
        ])}
        <div
          role="group"
          aria-label={t('register.filterJoined')}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-sm text-muted-foreground">{t('register.filterJoined')}</span>
          <DateRangeInput
            from={filters.joined_from}
            to={filters.joined_to}
            onChange={({ from, to }) => onChange({ joined_from: from, joined_to: to })}
          />
        </div>
      </div>
    </div>
  );
}
