// The knowledge base (/knowledge-base), for knowledge-base admins: the community's articles on
// the kit's DataTable (search in title, summary and text, status and category filters, sorting, all in
// the address) and the categories beside it, added by name and deleted with a confirmation that
// says their articles are kept.
import { knowledgeBaseMessages } from '@club/i18n/namespaces/knowledge-base';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import {
  addCategory,
  articleListSpec,
  articleStatuses,
  deleteCategory,
  kbKeys,
  loadAllArticles,
  loadArticleList,
  loadCategories,
  type ArticleRow,
  type CategoryRow,
} from './knowledge-base-data';

const selectClass = 'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground';

export function KnowledgeBasePage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(knowledgeBaseMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const format = useFormat(useCommunityTimeZone(communityId));
  const list = useListState(articleListSpec);
  const statusId = useId();
  const categoryId = useId();
  const query = useQuery({
    queryKey: kbKeys.list(communityId, list.state),
    queryFn: () => loadArticleList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: kbKeys.categories(communityId),
    queryFn: () => loadCategories(communityId),
  });
  const base = localePath(language, `${slug}/knowledge-base`);
  const categoryName = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  );

  const columns = useMemo<ListColumn<ArticleRow>[]>(
    () => [
      {
        id: 'title',
        header: t('list.columns.title'),
        sortable: true,
        hideable: false,
        csv: (a) => a.title,
        cell: (a) => (
          <Link
            to={`${base}/${a.id}`}
            className="font-medium hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {a.title}
          </Link>
        ),
      },
      {
        id: 'category',
        header: t('list.columns.category'),
        csv: (a) => (a.category_id ? (categoryName.get(a.category_id) ?? '') : ''),
        cell: (a) =>
          a.category_id ? (
            (categoryName.get(a.category_id) ?? '')
          ) : (
            <span className="text-muted-foreground">{t('list.uncategorised')}</span>
          ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        csv: (a) => t(`status.${a.status}`),
        cell: (a) => (
          <Badge tone={a.status === 'published' ? 'success' : a.status === 'draft' ? 'accent' : 'neutral'}>
            {t(`status.${a.status}`)}
          </Badge>
        ),
      },
      {
        id: 'visibility',
        header: t('list.columns.visibility'),
        csv: (a) => t(`visibility.${a.visibility}`),
        cell: (a) => t(`visibility.${a.visibility}`),
      },
      {
        id: 'updated_at',
        header: t('list.columns.updated'),
        sortable: true,
        csv: (a) => a.updated_at,
        cell: (a) => <span className="whitespace-nowrap">{format.dateTime(a.updated_at)}</span>,
      },
    ],
    [t, format, base, categoryName],
  );

  const newButton = (
    <Button asChild>
      <Link to={`${base}/new`}>
        <Plus aria-hidden="true" />
        {t('editor.new')}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={newButton} />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <DataTable
          caption={t('list.caption')}
          list={list}
          query={query}
          columns={columns}
          getRowId={(a) => a.id}
          rowName={(a) => a.title}
          onRowClick={(a) => void navigate(`${base}/${a.id}`)}
          storageKey="knowledge-base"
          card={(a) => (
            <Link to={`${base}/${a.id}`} className="block space-y-1">
              <span className="block font-medium">{a.title}</span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge tone={a.status === 'published' ? 'success' : 'neutral'}>
                  {t(`status.${a.status}`)}
                </Badge>
                {t(`visibility.${a.visibility}`)}
              </span>
            </Link>
          )}
          toolbar={
            <div className="flex flex-wrap items-end gap-2">
              <ListSearch
                value={list.state.search}
                onSearch={list.setSearch}
                label={t('list.search')}
                placeholder={t('list.searchPlaceholder')}
              />
              <label htmlFor={statusId} className="sr-only">
                {t('list.status')}
              </label>
              <select
                id={statusId}
                className={selectClass}
                value={list.state.filters.status ?? ''}
                onChange={(e) => list.setFilters({ status: e.target.value })}
              >
                <option value="">
                  {t('list.status')}: {t('list.all')}
                </option>
                {articleStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
              <label htmlFor={categoryId} className="sr-only">
                {t('list.category')}
              </label>
              <select
                id={categoryId}
                className={selectClass}
                value={list.state.filters.category ?? ''}
                onChange={(e) => list.setFilters({ category: e.target.value })}
              >
                <option value="">
                  {t('list.category')}: {t('list.all')}
                </option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          }
          countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
          empty={{
            icon: BookOpen,
            title: t('list.emptyTitle'),
            body: t('list.emptyBody'),
            action: newButton,
          }}
          exportCsv={{ filename: 'knowledge-base', load: () => loadAllArticles(list.state, communityId) }}
          pageSizes={articleListSpec.pageSizes}
        />
        <CategoriesCard communityId={communityId} categories={categories.data} />
      </div>
    </>
  );
}

function CategoriesCard({ communityId, categories }: { communityId: string; categories?: CategoryRow[] }) {
  const t = useT(knowledgeBaseMessages);
  const queryClient = useQueryClient();
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [deleting, setDeleting] = useState<CategoryRow>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: kbKeys.all(communityId) });
  return (
    <Card aria-labelledby="kb-categories" className="h-fit">
      <CardHeader id="kb-categories" title={t('categories.title')} />
      <CardBody className="space-y-4">
        {categories && categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('categories.none')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {(categories ?? []).map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                <span>{c.name}</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('categories.delete', { name: c.name })}
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="space-y-2"
          onSubmit={async (event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            try {
              await addCategory(communityId, trimmed);
            } catch (error) {
              const code = (error as { code?: string }).code;
              setProblem(
                code === '23505'
                  ? t('categories.taken')
                  : t('editor.failed', { reason: (error as Error).message }),
              );
              return;
            }
            setProblem(undefined);
            setName('');
            toast({ title: t('categories.added', { name: trimmed }) });
            await refresh();
          }}
        >
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('categories.name')}
          </label>
          <Input
            id={inputId}
            value={name}
            maxLength={120}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {problem ? (
            <p id={`${inputId}-problem`} className="text-sm font-medium text-destructive">
              {problem}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" size="sm" disabled={!name.trim()}>
            {t('categories.add')}
          </Button>
        </form>
      </CardBody>
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(undefined)}
          title={t('categories.deleteTitle', { name: deleting.name })}
          description={t('categories.deleteBody')}
          confirmLabel={t('categories.deleteConfirm')}
          onConfirm={async () => {
            await deleteCategory(deleting.id);
            toast({ title: t('categories.deleted', { name: deleting.name }) });
            await refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
