// The list's search box and filters (status, visibility, author) on the kit's list filter
// fields, all kept in the address.
import { newsMessages } from '@club/i18n/namespaces/news';
import { X } from 'lucide-react';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import type { ListController } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import type { NewsListFilter } from './load-news-list';
import { newsStatuses, newsVisibilities } from './news-records';

export function NewsListFilters({
  list,
  authors,
}: {
  list: ListController<NewsListFilter>;
  authors: { id: string; name: string }[];
}) {
  const t = useT(newsMessages);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <ListSearch
        value={list.state.search}
        onSearch={list.setSearch}
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
      />
      <ListSelectFilter
        list={list}
        filter="status"
        label={t('list.columns.status')}
        allLabel={t('list.allStatuses')}
        options={newsStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <ListSelectFilter
        list={list}
        filter="visibility"
        label={t('list.columns.visibility')}
        allLabel={t('list.allVisibilities')}
        options={newsVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
      />
      <ListSelectFilter
        list={list}
        filter="author"
        label={t('list.columns.author')}
        allLabel={t('list.allAuthors')}
        options={authors.map((a) => ({ value: a.id, label: a.name }))}
      />
      {list.narrowed ? (
        <Button variant="ghost" size="sm" onClick={list.clear}>
          <X aria-hidden="true" />
          {t('list.clearFilters')}
        </Button>
      ) : null}
    </div>
  );
}
